import { consoleRoute } from "@/lib/api/handler";
import { deliveryCountsQuerySchema } from "@/lib/webhooks/shared/api-schemas";
import { deliveryCountsSchema } from "@/lib/webhooks/shared/answer-schemas";
import { deliveryCounts } from "@/lib/webhooks/server/console";

export const dynamic = "force-dynamic";

/**
 * How many deliveries each filter value would show: `{ total, events, verification }`, each facet counted
 * with the other filters applied. Takes the list's filters (endpoint, event, verification, since, until, q).
 */
export const GET = consoleRoute(
  { query: deliveryCountsQuerySchema, answer: deliveryCountsSchema },
  ({ query }) => deliveryCounts(query),
);
