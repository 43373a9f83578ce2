import { and, desc, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/connect";
import { webhookDeliveries } from "@/lib/db/schema";
import { jsonText } from "@/lib/text/escape";
import { fileTimestamp } from "@/lib/ui/format";
import { filterConditions, type DeliveryFilters } from "./delivery-store";
import { toDeliveryDetail, type DeliveryDetail } from "./delivery-view";

/**
 * The inspector's filtered deliveries as NDJSON: one JSON object per line, newest first, each the console
 * API's delivery detail (headers, verification, findings, attempt, our answer) with the body exactly as
 * received (`body.encoding` "utf8", or "base64" for bytes that are not UTF-8). A line holds no character that
 * any reader takes for a line break (U+0085, U+2028/2029, …) or that reorders text (bidi controls): those are
 * `\uXXXX` escapes (jsonText), so it is one line per delivery for Python's `splitlines()` too. Read from the
 * database a page at a time, and only when the reader asks for more (a pull stream with no read-ahead), so an
 * export of 10,000 deliveries holds one page in memory, and a slow download slows the reads instead of
 * filling memory.
 */

export const EXPORT_PAGE_SIZE = 100;

/** One line of the export: the detail without what only makes sense inside the inspector. */
export type ExportedDelivery = Omit<
  DeliveryDetail,
  "cursor" | "retryGroup" | "preview" | "decodedBody"
>;

const d = webhookDeliveries;

function exportLine(row: typeof webhookDeliveries.$inferSelect): string {
  const detail: Partial<DeliveryDetail> = toDeliveryDetail(row, []);
  delete detail.cursor;
  delete detail.retryGroup;
  delete detail.preview;
  // The body as received is the export's; a gzip body's decoded view is the inspector's.
  delete detail.decodedBody;
  return jsonText(detail as ExportedDelivery);
}

async function page(
  db: Db,
  filters: DeliveryFilters,
  before: { seq: bigint; id: number } | null,
  size: number,
) {
  const conditions: SQL[] = filterConditions(filters);
  if (before)
    conditions.push(sql`(${d.seq}, ${d.id}) < (${before.seq}::bigint, ${before.id}::bigint)`);
  return db
    .select()
    .from(d)
    .where(and(...conditions))
    .orderBy(desc(d.seq), desc(d.id))
    .limit(size);
}

export function exportNdjson(
  db: Db,
  filters: DeliveryFilters,
  options: { pageSize?: number; onPage?: (rows: number) => void } = {},
): ReadableStream<Uint8Array> {
  const size = options.pageSize ?? EXPORT_PAGE_SIZE;
  const encoder = new TextEncoder();
  let before: { seq: bigint; id: number } | null = null;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const rows = await page(db, filters, before, size);
        options.onPage?.(rows.length);
        if (rows.length > 0) {
          const last = rows.at(-1)!;
          before = { seq: last.seq, id: last.id };
          controller.enqueue(encoder.encode(rows.map(exportLine).join("\n") + "\n"));
        }
        if (rows.length < size) controller.close();
      },
    },
    // No read-ahead: the next page is read when the consumer asks for it.
    { highWaterMark: 0 },
  );
}

/** `webhook-deliveries-<endpoint or all>-<UTC time>.ndjson`, safe as a file name everywhere. */
export function exportFilename(filters: DeliveryFilters, now = new Date()): string {
  return `webhook-deliveries-${filters.endpointId ?? "all"}-${fileTimestamp(now)}.ndjson`;
}
