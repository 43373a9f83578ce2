import { attachDatabasePool } from "@vercel/functions";
import pg from "pg";
import { applyMigrations, verifySchema } from "./postgres-migrate";

/**
 * The PostgreSQL connection pool of one server instance.
 *
 * On Vercel every function instance has a pool of its own and there may be many instances, so each keeps
 * few connections: `instances × max` is what the database (or Neon's pooler) sees at worst. Three lets a
 * request run its few statements side by side (a page reads members, deliveries and endpoints at once)
 * without one instance taking a large share of the pooler's connections. Off Vercel one long-lived process
 * serves everything, so it may keep more.
 *
 * Both wait at most CONNECT_TIMEOUT_MS for a connection (a free one in the pool, or a new one from the
 * database), and at most QUERY_TIMEOUT_MS for a statement's answer, which includes any wait in the pooler's
 * queue for a server connection (a pooler answers the login itself, then queues the statements): a full
 * database then fails the request, answered 503 with Retry-After (lib/api/handler.ts), instead of leaving
 * it hanging. A statement that timed out takes its connection with it (pg-pool discards it).
 *
 * Idle connections close after IDLE_TIMEOUT_MS; on Vercel, `attachDatabasePool` keeps a suspended instance
 * alive long enough to close them, so they are not left open on the database by a frozen function.
 */
export const VERCEL_POOL_MAX = 3;
export const SERVER_POOL_MAX = 10;
export const CONNECT_TIMEOUT_MS = 5_000;
export const QUERY_TIMEOUT_MS = 15_000;
const IDLE_TIMEOUT_MS = 5_000;

export interface PostgresTarget {
  kind: "postgres";
  /** The URL the app queries through: on Vercel with Neon, the pooled one. */
  url: string;
  /** Where migrations run: the direct (unpooled) URL when there is one; default `url`. */
  migrationUrl?: string;
  /** On Vercel the build migrates; the running app only checks that the schema is current. */
  onVercel?: boolean;
}

export function poolOptions(target: PostgresTarget): pg.PoolConfig {
  return {
    connectionString: target.url,
    max: target.onVercel ? VERCEL_POOL_MAX : SERVER_POOL_MAX,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    idleTimeoutMillis: IDLE_TIMEOUT_MS,
    application_name: "project-console",
  };
}

/**
 * Opens the pool and makes sure the schema is current: migrating off Vercel (pooler-safe, see
 * postgres-migrate.ts), only checking on Vercel. Queries go through drizzle's node-postgres driver,
 * which sends unnamed statements only (nothing prepared outlives its statement), so the pooled URL is safe.
 */
export async function openPostgresPool(target: PostgresTarget): Promise<pg.Pool> {
  if (!target.onVercel) await applyMigrations(target.migrationUrl ?? target.url);
  const pool = new pg.Pool(poolOptions(target));
  // An idle connection the database closed (restart, pooler timeout) must not crash the process.
  pool.on("error", (error) => console.error("[db] idle connection lost:", error.message));
  if (target.onVercel) {
    attachDatabasePool(pool);
    try {
      await verifySchema(pool);
    } catch (error) {
      await pool.end().catch(() => {});
      throw error;
    }
  }
  return pool;
}
