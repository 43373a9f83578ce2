import "server-only";
import { createHash } from "node:crypto";
import { and, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { signInAttempts } from "@/lib/db/schema";
import { RATE_LIMITS } from "./policies";

/**
 * The `lockout` kind of RATE_LIMITS (policies.ts), for sign-in: attempt limits, with the state in the database so that every server instance sees the same counts.
 * Three counters per attempt, so that nobody who merely knows a member's email can keep them out:
 * - the (email, client address) pair: `maxAttempts` failures lock that pair for `lockoutMinutes` (like
 *   Auth0's brute-force protection, which blocks one address for one account);
 * - the client address across emails: ADDRESS_FACTOR times as many failures lock the address (a sprayer);
 * - the email alone is never locked: attempts beyond `maxAttempts` in the window are slowed by a delay that
 *   doubles each time up to SLOW_CAP_MS, and the member is told at their next sign-in (lib/auth/members.ts).
 * Each attempt is reserved *before* the password is checked (one atomic upsert per counter), so a burst of
 * parallel guesses cannot slip past a lock: at most `maxAttempts` passwords are verified per pair and window.
 */
export interface AttemptPolicy {
  maxAttempts: number;
  lockoutMinutes: number;
}

export const {
  addressFactor: ADDRESS_FACTOR,
  slowBaseMs: SLOW_BASE_MS,
  slowCapMs: SLOW_CAP_MS,
} = RATE_LIMITS.signIn;

export type AttemptKey =
  | { kind: "pair"; email: string; address: string }
  | { kind: "address"; address: string }
  | { kind: "email"; email: string };

export type Reservation =
  { allowed: true; keys: string[]; slowMs: number } | { allowed: false; retryAfterSeconds: number };

/** The keys of one sign-in attempt (no email when none was given). */
export function attemptSubjects(email: string, address: string): AttemptKey[] {
  const subjects: AttemptKey[] = [{ kind: "address", address }];
  if (email) subjects.push({ kind: "pair", email, address }, { kind: "email", email });
  return subjects;
}

/** Keys are hashed: the table holds no email address or client address in clear. */
export function attemptKey(subject: AttemptKey): string {
  const value =
    subject.kind === "pair"
      ? `${subject.email}\n${subject.address}`
      : subject.kind === "address"
        ? subject.address
        : subject.email;
  return `${subject.kind}:${createHash("sha256").update(value.toLowerCase()).digest("base64url")}`;
}

type Kind = AttemptKey["kind"];
const kindOf = (key: string) => key.slice(0, key.indexOf(":")) as Kind;

/** Failures a key may have in a window; the email's limit is where slowing starts, not a lock. */
function limitOf(kind: Kind, policy: AttemptPolicy): number {
  return kind === "address" ? policy.maxAttempts * ADDRESS_FACTOR : policy.maxAttempts;
}

/** The delay of the `over`-th attempt beyond the email's limit. */
export function slowDelayMs(over: number): number {
  if (over <= 0) return 0;
  return Math.min(SLOW_CAP_MS, SLOW_BASE_MS * 2 ** Math.min(over - 1, 20));
}

const MINUTE = 60_000;

export async function reserveAttempt(
  db: Db,
  subjects: AttemptKey[],
  policy: AttemptPolicy,
  now: Date = new Date(),
): Promise<Reservation> {
  const windowMs = policy.lockoutMinutes * MINUTE;
  const windowStart = new Date(now.getTime() - windowMs);
  const keys = subjects.map(attemptKey);
  let retryAfterMs = 0;
  let slowMs = 0;
  for (const key of keys) {
    const t = signInAttempts;
    const locked = sql`(${t.lockedUntil} is not null and ${t.lockedUntil} > ${now})`;
    const expired = sql`(${t.windowStartedAt} <= ${windowStart})`;
    const [row] = await db
      .insert(t)
      .values({ key, attempts: 1, windowStartedAt: now, lockedUntil: null })
      .onConflictDoUpdate({
        target: t.key,
        set: {
          attempts: sql`case when ${locked} then ${t.attempts} when ${expired} then 1 else ${t.attempts} + 1 end`,
          windowStartedAt: sql`case when ${locked} then ${t.windowStartedAt} when ${expired} then ${now} else ${t.windowStartedAt} end`,
          lockedUntil: sql`case when ${locked} then ${t.lockedUntil} else null end`,
        },
      })
      .returning({
        attempts: t.attempts,
        windowStartedAt: t.windowStartedAt,
        lockedUntil: t.lockedUntil,
      });
    if (!row) continue;
    const kind = kindOf(key);
    const limit = limitOf(kind, policy);
    if (kind === "email") {
      slowMs = Math.max(slowMs, slowDelayMs(row.attempts - limit));
    } else if (row.lockedUntil && row.lockedUntil > now) {
      retryAfterMs = Math.max(retryAfterMs, row.lockedUntil.getTime() - now.getTime());
    } else if (row.attempts > limit) {
      // Over the limit only because of attempts still in flight: wait out the window.
      retryAfterMs = Math.max(
        retryAfterMs,
        row.windowStartedAt.getTime() + windowMs - now.getTime(),
      );
    }
  }
  if (retryAfterMs > 0) {
    // Reservations taken on the other keys by this refused attempt are given back.
    await release(db, keys, now);
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
  }
  return { allowed: true, keys, slowMs };
}

/**
 * A failed attempt: the reservations stay counted, and a pair or address reaching its limit starts a lock.
 * `slowed` says whether the email is beyond its limit (the member is then told at their next sign-in).
 */
export async function recordFailure(
  db: Db,
  keys: string[],
  policy: AttemptPolicy,
  now: Date = new Date(),
): Promise<{ lockedForSeconds: number | null; slowed: boolean }> {
  const t = signInAttempts;
  const lockedUntil = new Date(now.getTime() + policy.lockoutMinutes * MINUTE);
  let locked = false;
  let slowed = false;
  for (const key of keys) {
    const kind = kindOf(key);
    if (kind === "email") {
      const [row] = await db.select({ attempts: t.attempts }).from(t).where(eq(t.key, key));
      slowed = (row?.attempts ?? 0) > policy.maxAttempts;
      continue;
    }
    const rows = await db
      .update(t)
      .set({ lockedUntil })
      .where(
        and(
          eq(t.key, key),
          sql`${t.attempts} >= ${limitOf(kind, policy)}`,
          or(isNull(t.lockedUntil), lte(t.lockedUntil, now)),
        ),
      )
      .returning({ key: t.key });
    if (rows.length > 0) locked = true;
  }
  if (Math.random() < 0.05) await prune(db, policy, now);
  return { lockedForSeconds: locked ? policy.lockoutMinutes * 60 : null, slowed };
}

/**
 * A successful attempt: the email's and the pair's counts start over; the client address only gets this
 * attempt back, so one valid account cannot be used to reset the counter of an address spraying guesses.
 */
export async function recordSuccess(db: Db, keys: string[], now: Date = new Date()): Promise<void> {
  const t = signInAttempts;
  for (const key of keys) {
    if (kindOf(key) !== "address") await db.delete(t).where(eq(t.key, key));
  }
  await release(
    db,
    keys.filter((key) => kindOf(key) === "address"),
    now,
  );
}

async function release(db: Db, keys: string[], now: Date): Promise<void> {
  const t = signInAttempts;
  for (const key of keys) {
    await db
      .update(t)
      .set({ attempts: sql`greatest(${t.attempts} - 1, 0)` })
      .where(and(eq(t.key, key), or(isNull(t.lockedUntil), lte(t.lockedUntil, now))));
  }
}

/** Drops rows whose window and lock have both ended; run now and then, not on every attempt. */
export async function prune(db: Db, policy: AttemptPolicy, now: Date = new Date()): Promise<void> {
  const t = signInAttempts;
  const windowStart = new Date(now.getTime() - policy.lockoutMinutes * MINUTE);
  await db
    .delete(t)
    .where(
      and(lte(t.windowStartedAt, windowStart), or(isNull(t.lockedUntil), lte(t.lockedUntil, now))),
    );
}

/** Whether a key is locked right now (for tests and diagnostics). */
export async function isLocked(db: Db, subject: AttemptKey, now: Date = new Date()) {
  const [row] = await db
    .select({ key: signInAttempts.key })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.key, attemptKey(subject)), gt(signInAttempts.lockedUntil, now)));
  return Boolean(row);
}
