import { NextResponse } from "next/server";
import { handleRoute } from "@/lib/api/handler";
import { runScheduledAlerts } from "@/lib/alerts/evaluate/scheduled";
import { getDb } from "@/lib/db/client";
import { getServerEnv } from "@/lib/env";
import { requireCronSecret } from "@/lib/retention";

export const dynamic = "force-dynamic";

/** The alert rules that depend on time (vercel.json); refused without the CRON_SECRET bearer token. */
export const GET = handleRoute(async (request) => {
  const env = getServerEnv();
  requireCronSecret(request, env);
  const result = env.ALERTS_ENABLED
    ? await runScheduledAlerts(await getDb())
    : { opened: 0, cleared: 0 };
  return NextResponse.json(result, { headers: { "Cache-Control": "no-store" } });
});
