import { consoleRoute } from "@/lib/api/handler";
import { endpointParamsSchema } from "@/lib/webhooks/shared/api-schemas";
import { clearedDeliveriesSchema } from "@/lib/webhooks/shared/answer-schemas";
import { clearEndpointDeliveries } from "@/lib/webhooks/server/delivery-removal";

export const dynamic = "force-dynamic";

/** Deletes every delivery stored for this endpoint (the endpoint stays); answers `{ deleted: n }`. */
export const DELETE = consoleRoute(
  { params: endpointParamsSchema, answer: clearedDeliveriesSchema },
  ({ params }) => clearEndpointDeliveries(params.id),
);
