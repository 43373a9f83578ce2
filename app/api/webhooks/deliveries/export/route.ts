import { consoleRoute } from "@/lib/api/handler";
import { deliveryCountsQuerySchema } from "@/lib/webhooks/shared/api-schemas";
import { deliveryFilters } from "@/lib/webhooks/server/console";
import { exportFilename, exportNdjson } from "@/lib/webhooks/server/export-ndjson";
import { webhookContext } from "@/lib/webhooks/server/server-context";

export const dynamic = "force-dynamic";

/**
 * The deliveries the list's filters select (endpoint, event, verification, since/until, q), as an NDJSON
 * download streamed from the database a page at a time.
 */
export const GET = consoleRoute({ query: deliveryCountsQuerySchema }, async ({ query }) => {
  const { db } = await webhookContext();
  const filters = deliveryFilters(query);
  return new Response(exportNdjson(db, filters), {
    headers: {
      "Content-Type": "application/x-ndjson; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFilename(filters)}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
});
