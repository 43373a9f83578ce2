import { consoleRoute } from "@/lib/api/handler";
import { eventShapesOpenApiQuerySchema } from "@/lib/webhooks/shared/insight-schemas";
import { eventShapesOpenApi } from "@/lib/webhooks/server/insights";

export const dynamic = "force-dynamic";

/**
 * The service's webhooks seen at an endpoint, as an OpenAPI 3.1 document (`webhooks`, one entry per event
 * profiled); `?download=1` answers it as an attachment.
 */
export const GET = consoleRoute({ query: eventShapesOpenApiQuerySchema }, ({ query }) =>
  eventShapesOpenApi(query),
);
