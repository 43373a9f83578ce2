import path from "node:path";
import { readMigrationFiles, type MigrationMeta } from "drizzle-orm/migrator";
import pg from "pg";
import { plural } from "../ui/format";

/**
 * PostgreSQL migrations that are safe through a transaction pooler (PgBouncer in transaction mode, Neon's
 * pooled URL): everything, the lock included, happens in one transaction. The lock is a transaction-level
 * advisory lock, released by COMMIT or ROLLBACK whatever happens to the client; a session-level lock taken
 * through such a pooler stays with whichever server connection ran it, held for good by an idle connection.
 *
 * Same bookkeeping as drizzle-orm's own migrator (`drizzle.__drizzle_migrations`, one row per migration,
 * `created_at` = the migration's folder time), so databases migrated either way agree.
 */
export const MIGRATIONS_FOLDER = path.join(process.cwd(), "lib/db/migrations");
/** Any constant works; it only has to be the same in every process that migrates. */
const MIGRATION_LOCK_ID = 727_001;
/** How long a migrator waits for another one (or for a table lock) before giving up with a clear error. */
export const MIGRATION_LOCK_TIMEOUT_MS = 30_000;
const CONNECT_TIMEOUT_MS = 10_000;

export const MIGRATE_COMMAND = "npm run db:migrate";

function migrations(): MigrationMeta[] {
  return readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
}

/** The database's schema is older than this build's migrations; the app must not run on it. */
export class SchemaNotCurrentError extends Error {
  constructor(readonly pending: number) {
    super(
      `The database schema is behind this version of the app (${plural(pending, "migration")} not applied). ` +
        `Run \`${MIGRATE_COMMAND}\` with DATABASE_URL_UNPOOLED (or DATABASE_URL) set; on Vercel the build runs it (docs/deploy.md).`,
    );
    this.name = "SchemaNotCurrentError";
  }
}

type Queryable = Pick<pg.ClientBase, "query">;

/** The `created_at` of the newest applied migration, or null when none (or no bookkeeping table yet). */
async function lastApplied(client: Queryable): Promise<number | null> {
  const exists = await client.query<{ present: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
  );
  if (!exists.rows[0]?.present) return null;
  const result = await client.query<{ created_at: string | null }>(
    "select created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1",
  );
  const value = result.rows[0]?.created_at;
  return value == null ? null : Number(value);
}

function pendingAfter(last: number | null, all: MigrationMeta[]): MigrationMeta[] {
  return all.filter((migration) => last === null || last < migration.folderMillis);
}

/** Throws SchemaNotCurrentError when a migration of this build is not applied. Two cheap statements. */
export async function verifySchema(client: Queryable): Promise<void> {
  const pending = pendingAfter(await lastApplied(client), migrations());
  if (pending.length > 0) throw new SchemaNotCurrentError(pending.length);
}

/**
 * Applies pending migrations through `url` (the direct URL when there is one) on a connection of its own.
 * Returns how many migrations were applied.
 */
export async function applyMigrations(url: string): Promise<number> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: "project-console-migrate",
  });
  await client.connect();
  try {
    return await migrateThrough(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Applies pending migrations on `client`, in one transaction under a transaction-level advisory lock.
 * Migrators running at once queue on the lock; the later ones then find nothing to do. Waiting is bounded
 * by MIGRATION_LOCK_TIMEOUT_MS. Returns how many migrations were applied.
 */
export async function migrateThrough(client: Queryable): Promise<number> {
  await client.query("begin");
  try {
    // SET LOCAL: ends with the transaction, so nothing leaks into a pooled server connection.
    await client.query(`set local lock_timeout = '${MIGRATION_LOCK_TIMEOUT_MS}ms'`);
    await client.query("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK_ID]);
    await client.query("create schema if not exists drizzle");
    await client.query(`create table if not exists drizzle.__drizzle_migrations (
      id serial primary key, hash text not null, created_at bigint)`);
    const pending = pendingAfter(await lastApplied(client), migrations());
    for (const migration of pending) {
      for (const statement of migration.sql) await client.query(statement);
      await client.query(
        "insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)",
        [migration.hash, migration.folderMillis],
      );
    }
    await client.query("commit");
    return pending.length;
  } catch (error) {
    await client.query("rollback").catch(() => {});
    if ((error as { code?: string }).code === "55P03") {
      throw new Error(
        `Migrations waited ${MIGRATION_LOCK_TIMEOUT_MS / 1000} s for a lock held by another migrator (or by a long transaction) and gave up; nothing was changed. Try again.`,
        { cause: error },
      );
    }
    throw error;
  }
}
