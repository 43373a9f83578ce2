import "server-only";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/connect";
import { upstreamCalls, upstreamState } from "@/lib/db/schema";
import { upstreamErrors } from "@/lib/upstream/errors";
import { dbNow } from "@/lib/upstream/shared-state";
import { RATE_LIMITS } from "./policies";

/**
 * The `ceiling` kind of RATE_LIMITS (policies.ts), for the calls to the service: not a fixed window but a
 * rolling one, because the service counts 60 calls in any rolling minute at its end. We count ours in a
 * slightly longer window (RATE_LIMITS.upstream.windowMs) so that the few milliseconds (or, on a loaded
 * machine, seconds) between taking a slot and the request reaching the service can never put more than the
 * ceiling into one of its minutes. A Retry-After the service sent (upstream_state.not_before) stops every
 * call until it passes. Times are the database's clock, so instances with skewed clocks still agree.
 */
const CALL_WINDOW_MS = RATE_LIMITS.upstream.windowMs;

/**
 * Takes one call from the budget shared by all instances, or throws (a pending Retry-After, or the ceiling
 * reached) without taking anything. The state row is locked for the check-and-insert (one transaction, no
 * session state), so that two instances can never both take the last slot.
 */
export async function reserveCall(db: Db, source: string, callsPerMinute: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ notBefore: upstreamState.notBefore, now: dbNow })
      .from(upstreamState)
      .where(eq(upstreamState.source, source))
      .for("update");
    if (!row) throw new Error(`upstream state row ${source} is missing`);
    const now = row.now.getTime();
    if (row.notBefore && row.notBefore.getTime() > now) {
      throw upstreamErrors.rateLimited(Math.ceil((row.notBefore.getTime() - now) / 1000));
    }

    const windowStart = new Date(now - CALL_WINDOW_MS);
    await tx
      .delete(upstreamCalls)
      .where(and(eq(upstreamCalls.source, source), lt(upstreamCalls.calledAt, windowStart)));
    const [usage] = await tx
      .select({
        count: sql<number>`count(*)::int`,
        oldest: sql`min(${upstreamCalls.calledAt})`.mapWith(upstreamCalls.calledAt),
      })
      .from(upstreamCalls)
      .where(and(eq(upstreamCalls.source, source), gt(upstreamCalls.calledAt, windowStart)));
    if ((usage?.count ?? 0) >= callsPerMinute) {
      const frees = (usage?.oldest?.getTime() ?? now) + CALL_WINDOW_MS;
      throw upstreamErrors.budgetExhausted(
        callsPerMinute,
        Math.max(1, Math.ceil((frees - now) / 1000)),
      );
    }
    await tx.insert(upstreamCalls).values({ source, calledAt: row.now });
  });
}
