import { NextResponse } from "next/server";
import { handleRoute } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { getServerEnv } from "@/lib/env";
import { requireCronSecret } from "@/lib/retention";
import { runAnnouncedWatch } from "@/lib/upstream/observed/announced";
import { configInForce } from "@/lib/upstream/observed/console";

export const dynamic = "force-dynamic";

/** The announced endpoints' daily watch on a schedule (vercel.json); refused without the CRON_SECRET bearer token. */
export const GET = handleRoute(async (request) => {
  const env = getServerEnv();
  requireCronSecret(request, env);
  const result = await runAnnouncedWatch(await getDb(), await configInForce());
  return NextResponse.json(result, { headers: { "Cache-Control": "no-store" } });
});
