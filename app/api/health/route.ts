import { NextResponse } from "next/server";
import { getServerEnv, upstreamConfigured } from "@/lib/env";
import packageJson from "@/package.json";

export const dynamic = "force-dynamic";

/** Public liveness check. Says what is configured, never with what. */
export function GET() {
  const env = getServerEnv();
  return NextResponse.json(
    {
      status: "ok",
      version: packageJson.version,
      database: env.DATABASE_URL ? "postgres" : "pglite",
      upstream: upstreamConfigured(env) ? "configured" : "missing",
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
