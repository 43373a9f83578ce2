import { consoleRoute } from "@/lib/api/handler";
import { eventShapesQuerySchema } from "@/lib/webhooks/shared/insight-schemas";
import { eventShapesAnswerSchema } from "@/lib/webhooks/shared/answer-schemas";
import { eventShapes } from "@/lib/webhooks/server/insights";

export const dynamic = "force-dynamic";

/** Each event's inferred `data` shape at an endpoint: `{ endpointId, events, shape }` (one event's fields). */
export const GET = consoleRoute(
  { query: eventShapesQuerySchema, answer: eventShapesAnswerSchema },
  ({ query }) => eventShapes(query),
);
