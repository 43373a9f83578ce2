/**
 * Runs before `next build` (`npm run build`, which Vercel runs). Off Vercel it does nothing: the server
 * migrates at start. On Vercel (VERCEL=1):
 * 1. refuses a deployment that could not work (no DATABASE_URL, a body cap Vercel cannot deliver), naming
 *    the variable, so it fails at build instead of going "Ready" and failing every request;
 * 2. applies pending migrations through DATABASE_URL_UNPOOLED (else DATABASE_URL), once per deployment,
 *    so no function ever migrates at a cold start. A failed migration fails the build, and the deployment
 *    that was live stays live.
 */
import { migrateDatabase } from "@/lib/db/migrate";
import { parseBuildEnv } from "@/lib/env-schema";

async function main() {
  const env = parseBuildEnv(process.env);
  if (!env.VERCEL) return;
  console.log(`[build] ${await migrateDatabase(env)}`);
}

main().catch((error: unknown) => {
  console.error(`[build] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
