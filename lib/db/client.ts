import "server-only";
import { getServerEnv } from "@/lib/env";
import { databaseTargetOf, openDatabase, type Database, type Db } from "./connect";

export type { Db } from "./connect";

// Kept on globalThis so that dev-mode module reloads reuse the one connection instead of opening the
// PGlite folder twice in one process.
const holder = globalThis as typeof globalThis & { __projectConsoleDb?: Promise<Database> };

/** The app's database, opened lazily on first use (never at build time) and migrated once. */
export async function getDatabase(): Promise<Database> {
  holder.__projectConsoleDb ??= openDatabase(databaseTargetOf(getServerEnv())).catch(
    (error: unknown) => {
      holder.__projectConsoleDb = undefined;
      throw error;
    },
  );
  return holder.__projectConsoleDb;
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}
