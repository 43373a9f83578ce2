import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db/connect";
import { RATE_LIMITS, type WindowPolicyName } from "./policies";

/**
 * The `window` kind of RATE_LIMITS: fixed, clock-aligned windows in `rate_limit_windows`. A check is one
 * statement (INSERT … ON CONFLICT DO UPDATE … RETURNING count), atomic across server instances and safe
 * behind a transaction-mode pooler (no session state, no explicit transaction).
 */

export interface RateWindow {
  start: Date;
  /** Seconds until the window ends, at least 1: what a refused caller is told to wait (Retry-After). */
  retryAfterSeconds: number;
}

/** The one place a window and its Retry-After are computed from a moment. */
export function windowOf(name: WindowPolicyName, now: Date): RateWindow {
  const { windowMs } = RATE_LIMITS[name];
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const remaining = start.getTime() + windowMs - now.getTime();
  return { start, retryAfterSeconds: Math.max(1, Math.ceil(remaining / 1000)) };
}

export function rateLimitKey(name: WindowPolicyName, subject: string): string {
  return `${name}:${subject}`;
}

/**
 * The counting statement, for a caller that fuses it into a statement of its own (the receiver counts and
 * stores in one round trip): counts one hit for each subject `subjects` yields (a query of one column; no
 * row, nothing counted) and returns the new `count`. Use it as a CTE: `counted as (${countSql(…)})`.
 */
export function countSql(name: WindowPolicyName, subjects: SQL, windowStart: Date): SQL {
  return sql`insert into rate_limit_windows (key, window_start, count)
      select ${`${name}:`}::text || s.subject, ${windowStart.toISOString()}::timestamptz, 1
      from (${subjects}) as s(subject)
      on conflict (key, window_start) do update set count = rate_limit_windows.count + 1
      returning count`;
}

/** The refusal of a `window` policy: the app's JSON error shape, 429 `rate_limited`, with Retry-After. */
export function rateLimited(name: WindowPolicyName, limit: number, window: RateWindow): ApiError {
  const seconds = window.retryAfterSeconds;
  return new ApiError("rate_limited", RATE_LIMITS[name].refusal(limit, seconds), {
    "Retry-After": String(seconds),
  });
}

/** Throws the policy's refusal when `count` (this hit included) is over `limit`. */
export function enforceCount(
  name: WindowPolicyName,
  count: number,
  limit: number,
  window: RateWindow,
): void {
  if (count > limit) throw rateLimited(name, limit, window);
}

function limitOf(name: WindowPolicyName, given?: number): number {
  const limit = given ?? RATE_LIMITS[name].limit;
  if (limit === null) throw new Error(`rate limit ${name} needs the caller's limit`);
  return limit;
}

/** Counts one hit of `subject` in the policy's current window; `count` includes it. */
export async function countHit(
  db: Db,
  name: WindowPolicyName,
  subject: string,
  now: Date = new Date(),
): Promise<{ count: number; window: RateWindow }> {
  const window = windowOf(name, now);
  const result = (await db.execute(
    countSql(name, sql`select ${subject}::text`, window.start),
  )) as unknown as { rows: { count: number }[] };
  return { count: Number(result.rows[0]?.count ?? 0), window };
}

/**
 * Counts one hit of `subject` and throws the policy's 429 when it is over the limit. Every hit counts,
 * refused ones included, so hammering does not reopen the window early.
 */
export async function enforceRateLimit(
  db: Db,
  name: WindowPolicyName,
  subject: string,
  options: { now?: Date; limit?: number } = {},
): Promise<void> {
  const limit = limitOf(name, options.limit);
  const { count, window } = await countHit(db, name, subject, options.now);
  enforceCount(name, count, limit, window);
}

/** The longest window of any `window` policy: a row older than that can no longer matter. */
const LONGEST_WINDOW_MS = Math.max(
  ...Object.values(RATE_LIMITS).flatMap((policy) =>
    policy.kind === "window" ? [policy.windowMs] : [],
  ),
);

/** Drops windows that have ended (one behind the current one is kept, for a clock a little behind). */
export async function pruneRateLimitWindows(db: Db, now: Date): Promise<void> {
  await db.execute(sql`
    delete from rate_limit_windows
    where window_start < ${new Date(now.getTime() - 2 * LONGEST_WINDOW_MS).toISOString()}::timestamptz
  `);
}
