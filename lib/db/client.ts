import "server-only";
import { getServerEnv } from "@/lib/env";
import { openDatabase, type Database, type DatabaseTarget, type Db } from "./connect";

export type { Db } from "./connect";

/** Which database this server uses: PostgreSQL when DATABASE_URL is set, the embedded PGlite otherwise. */
export function databaseTarget(): DatabaseTarget {
  const env = getServerEnv();
  return env.DATABASE_URL
    ? { kind: "postgres", url: env.DATABASE_URL }
    : { kind: "pglite", dataDir: env.PGLITE_DATA_DIR };
}

// Kept on globalThis so that dev-mode module reloads reuse the one connection instead of opening the
// PGlite folder twice in one process.
const holder = globalThis as typeof globalThis & { __projectConsoleDb?: Promise<Database> };

/** The app's database, opened lazily on first use (never at build time) and migrated once. */
export async function getDatabase(): Promise<Database> {
  holder.__projectConsoleDb ??= openDatabase(databaseTarget()).catch((error: unknown) => {
    holder.__projectConsoleDb = undefined;
    throw error;
  });
  return holder.__projectConsoleDb;
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}
