import { consoleRoute } from "@/lib/api/handler";
import { deliveriesQuerySchema } from "@/lib/webhooks/shared/api-schemas";
import { deliveriesPageSchema } from "@/lib/webhooks/shared/answer-schemas";
import { listDeliveriesPage } from "@/lib/webhooks/server/console";

export const dynamic = "force-dynamic";

/**
 * Deliveries, newest first, filtered (endpoint, event, verification, since/until, q) and paged with opaque
 * cursors: `before=` pages back, `after=` gives only what arrived since (live view).
 */
export const GET = consoleRoute(
  { query: deliveriesQuerySchema, answer: deliveriesPageSchema },
  ({ query }) => listDeliveriesPage(query),
);
