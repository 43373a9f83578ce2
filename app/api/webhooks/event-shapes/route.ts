import { consoleRoute } from "@/lib/api/handler";
import { eventShapesQuerySchema } from "@/lib/webhooks/insight-schemas";
import { eventShapes } from "@/lib/webhooks/insights";

export const dynamic = "force-dynamic";

/** Each event's inferred `data` shape at an endpoint: `{ endpointId, events, shape }` (one event's fields). */
export const GET = consoleRoute({ query: eventShapesQuerySchema }, ({ query }) =>
  eventShapes(query),
);
