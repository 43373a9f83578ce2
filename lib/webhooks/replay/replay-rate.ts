import "server-only";
import { sql } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db/connect";
import { rateWindow } from "../receipt-store";
import { REPLAYS_PER_MINUTE } from "./replay-schema";

/**
 * Replays per member per minute, counted in the receiver's rate-window table (one upsert increment, atomic
 * across server instances, pruned with the receiver's windows). The key `replay:<member id>` cannot be an
 * endpoint id (those never contain ":"). Every replay asked for counts, refused targets included, so the
 * limit also bounds probing of addresses.
 */
export async function countReplay(db: Db, memberId: string, now = new Date()): Promise<void> {
  const { start, retryAfterSeconds } = rateWindow(now);
  const result = (await db.execute(sql`
    insert into webhook_rate_windows (endpoint_id, window_start, count)
    values (${`replay:${memberId}`}::text, ${start.toISOString()}::timestamptz, 1)
    on conflict (endpoint_id, window_start) do update set count = webhook_rate_windows.count + 1
    returning count
  `)) as unknown as { rows: { count: number }[] };
  const count = Number(result.rows[0]?.count ?? 0);
  if (count > REPLAYS_PER_MINUTE) {
    throw new ApiError(
      429,
      "rate_limited",
      `At most ${REPLAYS_PER_MINUTE} replays a minute per member; try again in ${retryAfterSeconds} s.`,
      { "Retry-After": String(retryAfterSeconds) },
    );
  }
}
