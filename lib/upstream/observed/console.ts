import "server-only";
import { z } from "@/lib/zod";
import { ApiError } from "@/lib/api/errors";
import type { Member } from "@/lib/auth/guard";
import { getDb, type Db } from "@/lib/db/client";
import { getServerEnv } from "@/lib/env";
import { startProcessTimer } from "@/lib/process-timer";
import { getUpstreamConnection } from "@/lib/connection";
import type { UpstreamConfig } from "@/lib/upstream/config";
import { loadAnnouncedWatch, runAnnouncedWatch } from "./announced";
import { serviceIdOf } from "./record";
import { loadProjectsFacts, loadWebhookFacts } from "./read";
import type { announcedCheckAnswerSchema, ObservedAnswer } from "./schemas";

/** The Observed view's logic (page: app/settings/connection/observed; routes: app/api/connection/observed). */

/** The watch calls with the key in force: a key saved in Settings → Connection wins over the environment's. */
export async function configInForce(): Promise<UpstreamConfig> {
  return (await getUpstreamConnection()).configInForce();
}

export async function observedFacts(): Promise<ObservedAnswer> {
  const database = await getDb();
  const env = getServerEnv();
  const config = await configInForce();
  return {
    configured: Boolean(config.baseUrl && config.apiKey),
    projects: await loadProjectsFacts(database, serviceIdOf(config.baseUrl)),
    webhooks: await loadWebhookFacts(database, env.WEBHOOK_RETRY_WINDOW_SECONDS),
    announced: await loadAnnouncedWatch(database, config.baseUrl),
  };
}

/** "Check now": an admin's, within the same budget as the daily run (the lease keeps it to one at a time). */
export async function checkAnnouncedNow(
  member: Member,
): Promise<z.infer<typeof announcedCheckAnswerSchema>> {
  if (member.role !== "admin")
    throw new ApiError("forbidden", "Only an admin can check the announced endpoints now.");
  const db = await getDb();
  const config = await configInForce();
  const run = await runAnnouncedWatch(db, config, { force: true });
  const announced = await loadAnnouncedWatch(db, config.baseUrl);
  if (!run.ran)
    return {
      outcome: run.reason === "not_configured" ? "not_configured" : "busy",
      checked: [],
      stoppedBecause: null,
      announced,
    };
  return {
    outcome: "checked",
    checked: run.checked,
    stoppedBecause: run.stoppedBecause,
    announced,
  };
}

/** How often the server process looks whether the watch is due (the run itself is daily). */
export const WATCH_TICK_MS = 10 * 60_000;
const FIRST_TICK_AFTER_MS = 90_000;

/**
 * Off Vercel: the watch on a timer in this server process (on Vercel, Vercel Cron calls
 * /api/cron/announced instead). Every instance ticks; the lease row lets one of them run when it is due.
 */
export function startAnnouncedWatchTimer(openDb: () => Promise<Db>): void {
  startProcessTimer(
    "announced",
    { firstAfterMs: FIRST_TICK_AFTER_MS, everyMs: WATCH_TICK_MS },
    async () => runAnnouncedWatch(await openDb(), await configInForce()),
  );
}
