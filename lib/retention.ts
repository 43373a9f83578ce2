import "server-only";
import { timingSafeEqual } from "node:crypto";
import { ApiError } from "@/lib/api/errors";
import { pruneResolvedIssues } from "@/lib/alerts/issues";
import { startProcessTimer } from "@/lib/process-timer";
import { prune as pruneSignInAttempts } from "@/lib/rate-limit/sign-in";
import { pruneRateLimitWindows } from "@/lib/rate-limit/window";
import type { Db } from "@/lib/db/client";
import type { ServerEnv } from "@/lib/env";
import { pruneDeliveries } from "@/lib/webhooks/server/delivery-store";
import { pruneExpiredPreviousSecrets } from "@/lib/webhooks/server/previous-secret";

/**
 * Retention of everything that only grows: deliveries (older than WEBHOOK_RETENTION_DAYS, beyond the
 * newest WEBHOOK_RETENTION_COUNT of an endpoint), sign-in attempt windows that have ended, rate-limit
 * windows that can no longer matter (lib/rate-limit), endpoints' previous secrets whose 24 h are over, and
 * alert issues resolved more than WEBHOOK_RETENTION_DAYS ago with their timeline and sent notifications.
 * Idempotent, so overlapping runs only repeat work.
 *
 * It runs from a schedule, so that old rows go even when nothing arrives: on Vercel from Vercel Cron
 * (vercel.json → /api/cron/retention), elsewhere from a timer in the server process (lib/startup.ts). The
 * receiver also prunes deliveries as they arrive (lib/webhooks/server/retention.ts).
 */
export async function runRetention(
  db: Db,
  env: ServerEnv,
  now = new Date(),
): Promise<{ deliveriesDeleted: number; alertIssuesDeleted: number }> {
  const deliveriesDeleted = await pruneDeliveries(db, {
    keep: env.WEBHOOK_RETENTION_COUNT,
    days: env.WEBHOOK_RETENTION_DAYS,
  });
  await pruneRateLimitWindows(db, now);
  await pruneExpiredPreviousSecrets(db, now);
  await pruneSignInAttempts(
    db,
    { maxAttempts: env.SIGN_IN_MAX_ATTEMPTS, lockoutMinutes: env.SIGN_IN_LOCKOUT_MINUTES },
    now,
  );
  const alertIssuesDeleted = await pruneResolvedIssues(
    db,
    { days: env.WEBHOOK_RETENTION_DAYS },
    now,
  );
  return { deliveriesDeleted, alertIssuesDeleted };
}

/**
 * Vercel Cron calls with `Authorization: Bearer $CRON_SECRET`. Anything else, and every call when
 * CRON_SECRET is not set, is refused: the route is public (no session) but must not be a way to make the
 * server work on demand.
 */
export function requireCronSecret(request: Request, env: ServerEnv): void {
  const expected = env.CRON_SECRET ? Buffer.from(`Bearer ${env.CRON_SECRET}`) : null;
  const given = Buffer.from(request.headers.get("authorization") ?? "");
  if (!expected || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new ApiError("cron_secret_required");
  }
}

/** Off Vercel: how often the server process runs retention, and the first run's delay after start. */
export const RETENTION_EVERY_MS = 60 * 60_000;
const FIRST_RUN_AFTER_MS = 60_000;

/**
 * Runs retention on a timer in this server process (off Vercel, where no cron calls the route). The timer
 * never keeps the process alive, and a run that fails is logged and retried at the next tick.
 */
export function startRetentionTimer(openDb: () => Promise<Db>, env: ServerEnv): void {
  startProcessTimer(
    "retention",
    { firstAfterMs: FIRST_RUN_AFTER_MS, everyMs: RETENTION_EVERY_MS },
    async () => runRetention(await openDb(), env),
  );
}
