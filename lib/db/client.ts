import "server-only";
import { getServerEnv } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";
import { databaseTargetOf, openDatabase, type Db } from "./connect";

export type { Db } from "./connect";

/** The app's database, opened lazily on first use (never at build time) and migrated once. */
export const getDatabase = processSingleton("database", () =>
  openDatabase(databaseTargetOf(getServerEnv())),
);

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}
