/**
 * `npm run db:migrate`: applies pending migrations. With the embedded database it refuses while the app
 * server holds the data folder (see lib/db/pglite-lock.ts); the server migrates at start anyway.
 */
import { parseServerEnv } from "@/lib/env-schema";
import { openDatabase } from "./connect";

async function main() {
  const env = parseServerEnv({ AUTH_SECRET: "x".repeat(32), ...process.env });
  const target = env.DATABASE_URL
    ? ({ kind: "postgres", url: env.DATABASE_URL } as const)
    : ({ kind: "pglite", dataDir: env.PGLITE_DATA_DIR } as const);
  const database = await openDatabase(target);
  await database.close();
  console.log(`Migrations applied (${target.kind}).`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
