import "server-only";
import { getServerEnv } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";
import { databaseTargetOf, openDatabase, type Db } from "./connect";
import { databaseTrouble } from "./errors";

export type { Db } from "./connect";

/** When the latest attempt to open the database began (see getDb). */
let attemptStartedAt = 0;

/** The app's database, opened lazily on first use (never at build time) and migrated once. */
export const getDatabase = processSingleton("database", () => {
  attemptStartedAt = Date.now();
  return openDatabase(databaseTargetOf(getServerEnv()));
});

/**
 * The database for a request. A request that joined an attempt begun before it (the start-up's, made in the
 * background while the instance boots) and saw it fail for want of a connection makes one attempt of its own
 * before it is answered 503: a start-up attempt's connect timer runs while the booting instance keeps its event
 * loop busy, so its timeout says little about the database now. 16 instances booting at once on two cores
 * (tests/e2e/deploy-pooler.spec.ts) answered their first delivery 503 that way.
 */
export async function getDb(): Promise<Db> {
  const calledAt = Date.now();
  try {
    return (await getDatabase()).db;
  } catch (error) {
    if (databaseTrouble(error) !== "unavailable" || attemptStartedAt >= calledAt) throw error;
    return (await getDatabase()).db;
  }
}
