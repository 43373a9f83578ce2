import "server-only";
import { getServerEnv, isBuildPhase } from "@/lib/env";
import { membersDb } from "@/lib/auth/members-db";
import { getDatabase, getDb } from "@/lib/db/client";
import { startAlertDispatchTimer } from "@/lib/alerts/channels/timer";
import { startRetentionTimer } from "@/lib/retention";
import { startAlertsTimer } from "@/lib/alerts/evaluate/scheduled";
import { onShutdown } from "@/lib/shutdown";
import { startAnnouncedWatchTimer } from "@/lib/upstream/observed/console";

/**
 * Node.js only (instrumentation.ts loads it for the nodejs runtime), once per server instance.
 *
 * 1. Validates the environment. Next.js merely logs an error thrown from `register()` and keeps serving, every
 *    request then failing; exiting instead makes a bad configuration (e.g. a plain-http service URL) really
 *    stop start-up, with the message that names the variable.
 * 2. Opens the database in the background (migrations, first member), so the first visitor does not pay for it.
 *    Not awaited: a database that is briefly unreachable must not keep the server from starting; requests
 *    open it again on demand. Never during `next build`, which must not touch the embedded database.
 *    On Vercel opening only checks that the schema is current (the build migrated); elsewhere it migrates,
 *    pooler-safe (lib/db/postgres-migrate.ts).
 * 3. Off Vercel, runs retention, the alerts' time rules, the alerts outbox's dispatcher and the announced
 *    endpoints' watch on timers (on Vercel, Vercel Cron calls /api/cron/retention, which dispatches too,
 *    /api/cron/alerts and /api/cron/announced instead).
 * 4. Closes the database when the project's own server stops (lib/http/server.ts drains first): the embedded
 *    database's lock is released then, so a replacement server opens it at once.
 */
export function startServer(): void {
  let env;
  try {
    env = getServerEnv();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  if (isBuildPhase()) return;
  membersDb().catch((error: unknown) => {
    console.error("[startup] the database could not be opened yet; requests will retry:", error);
  });
  if (!env.VERCEL) {
    startRetentionTimer(getDb, env);
    startAlertDispatchTimer();
    if (env.ALERTS_ENABLED) startAlertsTimer(getDb);
    startAnnouncedWatchTimer(getDb);
  }
  onShutdown(async () => {
    const database = await getDatabase().catch(() => null);
    await database?.close();
  });
}
