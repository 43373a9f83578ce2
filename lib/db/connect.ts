import { drizzle } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";
import { openPostgresPool, type PostgresTarget } from "./postgres";

/** The query API shared by both databases; code outside lib/db never needs to know which one it got. */
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
 * on Vercel and off it). Both are a `pg` pool under drizzle's node-postgres driver; PGlite's pool reaches
 * it over a socket (lib/db/pglite.ts). PGlite itself is loaded only by that module's server thread, and that
 * module only when PGlite is chosen: a PostgreSQL deployment never loads it, and a Vercel build has
 * lib/db/pglite-absent.ts in its place (next.config.js), so no function ships PGlite.
 */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === "postgres") {
    const pool = await openPostgresPool(target);
    return { kind: "postgres", db: drizzle(pool, { schema }), close: () => pool.end() };
  }
  // By this name, which next.config.js aliases in a Vercel build.
  const { openPglitePool } = await import("@/lib/db/pglite");
  const { pool, close } = await openPglitePool(target.dataDir);
  return { kind: "pglite", db: drizzle(pool, { schema }), close };
}
