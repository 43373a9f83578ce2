import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import pg from "pg";
import { acquirePgliteLock } from "./pglite-lock";
import { migrateThrough } from "./postgres-migrate";

/**
 * The embedded PGlite, reached the way PostgreSQL is: a `pg` pool, over a Unix socket that
 * `@electric-sql/pglite-socket` serves from a worker thread (pglite-server.mjs). Only the app's server
 * process opens the data folder (the lock file, pglite-lock.ts, is taken before the thread starts).
 *
 * The socket is in a private folder of its own (mkdtemp: mode 0700, so no other user can connect; PGlite
 * checks no password) under the system's temporary folder, whose short path keeps it within the 107 bytes
 * a socket's path may have.
 */
const SERVER_FILE = path.join(process.cwd(), "lib/db/pglite-server.mjs");
/** PostgreSQL's socket name for port 5432: `pg` connects to `<host folder>/.s.PGSQL.<port>`. */
const SOCKET_NAME = ".s.PGSQL.5432";

type ServerMessage = { ready: true } | { ready: false; error: string } | "closed";

export interface PgliteServer {
  /** The folder holding the socket: `host` for `pg`. */
  socketDir: string;
  /** Stops the server and closes the database (it was saved as it went); idempotent. */
  close(): Promise<void>;
}

/**
 * Starts the server thread on `dataDir` (in memory when undefined) and resolves once it listens. Fails with
 * an error naming the folder and PGlite's reason when the folder cannot be opened.
 */
export async function startPgliteServer(dataDir: string | undefined): Promise<PgliteServer> {
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), "console-pglite-socket-"));
  const worker = new Worker(SERVER_FILE, {
    workerData: { dataDir, socketPath: path.join(socketDir, SOCKET_NAME) },
  });
  let closing = false;
  const removeSocketDir = () => fs.rmSync(socketDir, { recursive: true, force: true });
  // A process that ends with the database open (a script that never closes it) leaves no socket behind.
  process.once("exit", removeSocketDir);
  const exited = new Promise<number>((resolve) => worker.once("exit", resolve));
  void exited.then((code) => {
    process.off("exit", removeSocketDir);
    removeSocketDir();
    // Like a PostgreSQL server that stopped: queries fail (answered 503) until the app restarts.
    if (!closing) {
      console.error(
        `[db] The embedded database (PGlite) thread stopped (exit code ${code}). Restart the server.`,
      );
    }
  });
  // An exception in the thread ends it (logged just above); unheard, it would end the whole process.
  worker.on("error", (error) =>
    console.error("[db] The embedded database (PGlite) thread failed:", error),
  );
  const nextMessage = () =>
    Promise.race([
      new Promise<ServerMessage>((resolve) => worker.once("message", resolve)),
      exited.then(() => "closed" as const),
    ]);

  const started = await nextMessage();
  if (started === "closed" || !started.ready) {
    closing = true;
    await worker.terminate();
    const reason = started === "closed" ? "its thread stopped" : started.error;
    throw new Error(
      `The embedded database (PGlite) could not open ${dataDir ?? "in memory"}: ${reason}`,
    );
  }
  // The thread keeps the process alive no more than a PostgreSQL server elsewhere would: while the pool has
  // a query out (its socket is referenced then), not while idle, so `npm run db:migrate` and scripts exit.
  worker.unref();

  return {
    socketDir,
    async close() {
      if (closing) return;
      closing = true;
      worker.ref();
      const closed = nextMessage();
      worker.postMessage("close");
      await closed;
      await worker.terminate();
    },
  };
}

/**
 * The app's pool for PGlite: ONE connection, because pglite-socket's multiplexer interleaves the protocol
 * messages of concurrent connections (a Bind meets another connection's statement; measured: wrong answers
 * and errors with 4 connections and large parameters). Queries queue in the pool instead, as they queued for
 * PGlite's one session anyway. No idle timeout (the connection costs nothing to keep; reconnecting costs a
 * startup exchange) and no connection timeout: a busy embedded database makes requests wait, as before.
 * `allowExitOnIdle` lets a script's process end with the pool open.
 */
export function pglitePoolOptions(socketDir: string): pg.PoolConfig {
  return {
    host: socketDir,
    user: "postgres",
    database: "postgres",
    max: 1,
    idleTimeoutMillis: 0,
    allowExitOnIdle: true,
    application_name: "project-console",
  };
}

/**
 * pg-pool ends the connection after any failed `pool.query`, a duplicate key included, and connects anew for
 * the next query. PGlite's server takes one connection and notices the old one closing only a moment later,
 * so it turns that new connection away: the request after an SQL error would fail. A statement PostgreSQL
 * refused (a DatabaseError) leaves the connection in order, so this pool keeps it; any other failure (the
 * connection itself) still ends it.
 */
export function keepingConnectionOnStatementErrors(pool: pg.Pool): pg.Pool {
  const query = async (config: pg.QueryConfig, values?: unknown[]) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      return await client.query(config, values);
    } catch (error) {
      if (!(error instanceof pg.DatabaseError)) broken = error as Error;
      throw error;
    } finally {
      client.release(broken);
    }
  };
  pool.query = query as typeof pool.query;
  return pool;
}

/**
 * Opens the embedded database in `dataDir` (in memory when undefined): lock, server thread, pool, and the
 * same migrations as PostgreSQL, through the pool's one connection.
 */
export async function openPglitePool(
  dataDir: string | undefined,
): Promise<{ pool: pg.Pool; close(): Promise<void> }> {
  const release = dataDir ? acquirePgliteLock(dataDir) : () => {};
  let server: PgliteServer | undefined;
  let pool: pg.Pool | undefined;
  const close = async () => {
    await pool?.end().catch(() => {});
    await server?.close();
    release();
  };
  try {
    server = await startPgliteServer(dataDir);
    pool = keepingConnectionOnStatementErrors(new pg.Pool(pglitePoolOptions(server.socketDir)));
    pool.on("error", (error) =>
      console.error("[db] embedded database connection lost:", error.message),
    );
    const client = await pool.connect();
    try {
      await migrateThrough(client);
    } finally {
      client.release();
    }
    return { pool, close };
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
}
