import { databaseTargetOf, openDatabase } from "./connect";
import { applyMigrations } from "./postgres-migrate";

/** Applies pending migrations to the configured database; resolves to a line saying what was done. */
export async function migrateDatabase(
  env: Parameters<typeof databaseTargetOf>[0],
): Promise<string> {
  const target = databaseTargetOf(env);
  if (target.kind === "postgres") {
    const direct = env.DATABASE_URL_UNPOOLED ? "DATABASE_URL_UNPOOLED" : "DATABASE_URL";
    const applied = await applyMigrations(target.migrationUrl ?? target.url);
    return `Migrations applied through ${direct}: ${applied} new, the schema is current.`;
  }
  const database = await openDatabase(target);
  await database.close();
  return "Migrations applied (pglite).";
}
