/**
 * `npm run db:migrate`: applies pending migrations. With the embedded database it refuses while the app
 * server holds the data folder (see lib/db/pglite-lock.ts); the server migrates at start anyway.
 */
import { parseDatabaseEnv } from "@/lib/env-schema";
import { databaseTargetOf, openDatabase } from "./connect";

async function main() {
  const target = databaseTargetOf(parseDatabaseEnv(process.env));
  const database = await openDatabase(target);
  await database.close();
  console.log(`Migrations applied (${target.kind}).`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
