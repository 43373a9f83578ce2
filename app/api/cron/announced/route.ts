import { NextResponse } from "next/server";
import { handleRoute } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { getServerEnv } from "@/lib/env";
import { requireCronSecret } from "@/lib/retention";
import { configFromEnv } from "@/lib/upstream/config";
import { runAnnouncedWatch } from "@/lib/upstream/observed/announced";

export const dynamic = "force-dynamic";

/** The announced endpoints' daily watch on a schedule (vercel.json); refused without the CRON_SECRET bearer token. */
export const GET = handleRoute(async (request) => {
  const env = getServerEnv();
  requireCronSecret(request, env);
  const result = await runAnnouncedWatch(await getDb(), configFromEnv(env));
  return NextResponse.json(result, { headers: { "Cache-Control": "no-store" } });
});
