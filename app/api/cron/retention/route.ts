import { NextResponse } from "next/server";
import { handleRoute } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { getServerEnv } from "@/lib/env";
import { requireCronSecret, runRetention } from "@/lib/retention";

export const dynamic = "force-dynamic";

/** Retention on a schedule (vercel.json); refused without the CRON_SECRET bearer token. */
export const GET = handleRoute(async (request) => {
  const env = getServerEnv();
  requireCronSecret(request, env);
  const result = await runRetention(await getDb(), env);
  return NextResponse.json(result, { headers: { "Cache-Control": "no-store" } });
});
