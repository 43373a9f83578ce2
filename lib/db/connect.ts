import path from "node:path";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema";
import { acquirePgliteLock } from "./pglite-lock";
import { asPglite, startPgliteThread, type PgliteThread } from "./pglite-thread";

/** The query API shared by both drivers; code outside lib/db never needs to know which one it got. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseTarget =
  | { kind: "postgres"; url: string }
  /** `dataDir` undefined means in memory (tests). */
  | { kind: "pglite"; dataDir?: string };

/** PostgreSQL when DATABASE_URL is set, else the embedded PGlite in PGLITE_DATA_DIR. */
export function databaseTargetOf(env: {
  DATABASE_URL?: string;
  PGLITE_DATA_DIR: string;
}): DatabaseTarget {
  return env.DATABASE_URL
    ? { kind: "postgres", url: env.DATABASE_URL }
    : { kind: "pglite", dataDir: env.PGLITE_DATA_DIR };
}

export interface Database {
  kind: DatabaseTarget["kind"];
  db: Db;
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = path.join(process.cwd(), "lib/db/migrations");
/** Any constant works; it only has to be the same in every instance that migrates. */
const MIGRATION_LOCK_ID = 727_001;

/**
 * Opens a database and brings its schema up to date. PostgreSQL instances migrate under an advisory lock,
 * so that several app instances starting together do not race each other.
 */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
      client.release();
    }
    return { kind: "postgres", db, close: () => pool.end() };
  }

  const release = target.dataDir ? acquirePgliteLock(target.dataDir) : () => {};
  let client: PgliteThread | undefined;
  try {
    client = await startPgliteThread(target.dataDir);
    const db = drizzlePglite({ client: asPglite(client), schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    const opened = client;
    return {
      kind: "pglite",
      db: db as unknown as Db,
      close: async () => {
        await opened.close();
        release();
      },
    };
  } catch (error) {
    await client?.close().catch(() => {});
    release();
    throw error;
  }
}
