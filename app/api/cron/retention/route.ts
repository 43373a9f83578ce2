import { NextResponse } from "next/server";
import { dispatchAlertNotifications } from "@/lib/alerts/channels/dispatch";
import { handleRoute } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { getServerEnv } from "@/lib/env";
import { requireCronSecret, runRetention } from "@/lib/retention";

export const dynamic = "force-dynamic";

/**
 * Retention on a schedule (vercel.json), and the alerts outbox's due sends (retries, rows an instance left
 * behind); refused without the CRON_SECRET bearer token.
 */
export const GET = handleRoute(async (request) => {
  const env = getServerEnv();
  requireCronSecret(request, env);
  const result = await runRetention(await getDb(), env);
  const alerts = await dispatchAlertNotifications();
  return NextResponse.json({ ...result, alerts }, { headers: { "Cache-Control": "no-store" } });
});
