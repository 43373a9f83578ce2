import "server-only";
import { createHash } from "node:crypto";
import { and, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { signInAttempts } from "@/lib/db/schema";

/**
 * Limits sign-in attempts per email and per client address, with the state in the database so that every
 * server instance sees the same counts. Each attempt is reserved *before* the password is checked (one atomic
 * upsert), so a burst of parallel guesses cannot all slip past the check: at most `maxAttempts` passwords are
 * ever verified per key and window. A success gives its reservation back; `maxAttempts` failures in a window
 * of `lockoutMinutes` lock the key for `lockoutMinutes`.
 */
export interface AttemptPolicy {
  maxAttempts: number;
  lockoutMinutes: number;
}

export type AttemptKey = { kind: "email" | "address"; value: string };

export type Reservation =
  { allowed: true; keys: string[] } | { allowed: false; retryAfterSeconds: number };

/** Keys are hashed: the table holds no email address or client address in clear. */
export function attemptKey({ kind, value }: AttemptKey): string {
  return `${kind}:${createHash("sha256").update(value.toLowerCase()).digest("base64url")}`;
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
    if (row.lockedUntil && row.lockedUntil > now) {
      retryAfterMs = Math.max(retryAfterMs, row.lockedUntil.getTime() - now.getTime());
    } else if (row.attempts > policy.maxAttempts) {
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
  return { allowed: true, keys };
}

/** A failed attempt: the reservation stays counted, and reaching the limit starts a lock-out. */
export async function recordFailure(
  db: Db,
  keys: string[],
  policy: AttemptPolicy,
  now: Date = new Date(),
): Promise<{ lockedForSeconds: number | null }> {
  const t = signInAttempts;
  const lockedUntil = new Date(now.getTime() + policy.lockoutMinutes * MINUTE);
  let locked = false;
  for (const key of keys) {
    const rows = await db
      .update(t)
      .set({ lockedUntil })
      .where(
        and(
          eq(t.key, key),
          sql`${t.attempts} >= ${policy.maxAttempts}`,
          or(isNull(t.lockedUntil), lte(t.lockedUntil, now)),
        ),
      )
      .returning({ key: t.key });
    if (rows.length > 0) locked = true;
  }
  if (Math.random() < 0.05) await prune(db, policy, now);
  return { lockedForSeconds: locked ? policy.lockoutMinutes * 60 : null };
}

/**
 * A successful attempt: the email's count starts over; the client address only gets this attempt back, so
 * one valid account cannot be used to reset the counter of an address spraying guesses at others.
 */
export async function recordSuccess(db: Db, keys: string[], now: Date = new Date()): Promise<void> {
  const t = signInAttempts;
  for (const key of keys) {
    if (key.startsWith("email:")) await db.delete(t).where(eq(t.key, key));
  }
  await release(
    db,
    keys.filter((key) => !key.startsWith("email:")),
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
