import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";
import { acquirePgliteLock } from "./pglite-lock";
import { asPglite, startPgliteThread, type PgliteThread } from "./pglite-thread";
import { openPostgresPool, type PostgresTarget } from "./postgres";
import { MIGRATIONS_FOLDER } from "./postgres-migrate";

/** The query API shared by both drivers; code outside lib/db never needs to know which one it got. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseTarget =
  | PostgresTarget
  /** `dataDir` undefined means in memory (tests). */
  | { kind: "pglite"; dataDir?: string };

/**
 * PostgreSQL when DATABASE_URL is set (migrating through DATABASE_URL_UNPOOLED when that is set too), else
 * the embedded PGlite in PGLITE_DATA_DIR.
 */
export function databaseTargetOf(env: {
  DATABASE_URL?: string;
  DATABASE_URL_UNPOOLED?: string;
  PGLITE_DATA_DIR: string;
  VERCEL?: string;
}): DatabaseTarget {
  return env.DATABASE_URL
    ? {
        kind: "postgres",
        url: env.DATABASE_URL,
        migrationUrl: env.DATABASE_URL_UNPOOLED ?? env.DATABASE_URL,
        onVercel: Boolean(env.VERCEL),
      }
    : { kind: "pglite", dataDir: env.PGLITE_DATA_DIR };
}

export interface Database {
  kind: DatabaseTarget["kind"];
  db: Db;
  close(): Promise<void>;
}

/**
 * Opens a database and brings its schema up to date (PostgreSQL: see lib/db/postgres.ts for what happens
 * on Vercel and off it).
 */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === "postgres") {
    const pool = await openPostgresPool(target);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
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
