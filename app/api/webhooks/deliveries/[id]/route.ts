import { consoleRoute } from "@/lib/api/handler";
import { deliveryParamsSchema } from "@/lib/webhooks/api-schemas";
import { deliveryDetail } from "@/lib/webhooks/console";

export const dynamic = "force-dynamic";

/** Everything stored about one delivery, its exact bytes included. */
export const GET = consoleRoute({ params: deliveryParamsSchema }, async ({ params }) => ({
  delivery: await deliveryDetail(params.id),
}));
