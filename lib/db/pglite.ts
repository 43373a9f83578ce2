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
 * and errors with 4 connections and large parameters; electric-sql/pglite#1046). Concurrent statements share
 * it, pipelined (`pipeline`, see pgliteQueries), as they queued for PGlite's one session anyway. No idle timeout (the connection costs nothing to keep; reconnecting costs a
 * startup exchange) and no connection timeout: a busy embedded database makes requests wait, as before.
 * `allowExitOnIdle` lets a script's process end with the pool open.
 */
export function pglitePoolOptions(socketDir: string): pg.PoolConfig {
  return {
    host: socketDir,
    user: "postgres",
    database: "postgres",
    max: 1,
    pipeline: true,
    idleTimeoutMillis: 0,
    allowExitOnIdle: true,
    application_name: "project-console",
  };
}

/** How many distinct statements the pool prepares; later ones are sent unnamed (see pgliteQueries). */
export const MAX_PREPARED_STATEMENTS = 500;

/** The pool's one connection while `pool.query` calls share it (pipelined), and how many are using it. */
interface SharedCheckout {
  client: Promise<pg.PoolClient>;
  acquired: boolean;
  users: number;
  /** A failure of the connection itself (not a statement PostgreSQL refused): it is closed on release. */
  broken?: Error;
}

/**
 * The pool's `query` for PGlite. pg-pool's own would run one statement at a time on the one connection, each
 * waiting for the last one's answer to reach this thread, which is busy answering HTTP: PGlite sat idle
 * between statements (the receiver flat out reached less than half its earlier rate). Instead:
 *
 * - Concurrent `pool.query` calls share the checked-out connection, which runs in pg's pipeline mode
 *   (`pipeline: true`): each statement is sent at once, each with its own Sync, so each is still its own
 *   implicit transaction and one that fails leaves the others alone. A transaction (`pool.connect()`, as
 *   drizzle's `db.transaction` does) waits in pg-pool's queue until the statements in flight are answered,
 *   and statements sent while it waits queue behind it, so none runs inside another's transaction.
 * - It prepares each statement once, as a named statement, and afterwards only binds and runs it: parsing
 *   and analysing SQL in PGlite (PostgreSQL compiled to WASM) is a large part of a short statement's cost.
 *   Only the first MAX_PREPARED_STATEMENTS distinct texts are prepared, so statements built with a varying
 *   number of parameters cannot grow PGlite's memory without bound. (PostgreSQL's pool sends unnamed
 *   statements: a transaction pooler may run each on another server connection.) PGlite is one session
 *   whatever the connection, so a prepared statement outlives the connection that made it: each new
 *   connection starts with DEALLOCATE ALL, matching pg's per-connection record of what it prepared.
 * - pg-pool ends the connection after any failed `pool.query`, a duplicate key included, and connects anew
 *   for the next query. PGlite's server takes one connection and notices the old one closing only a moment
 *   later, so it turns that new connection away: the request after an SQL error would fail. A statement
 *   PostgreSQL refused (a DatabaseError) leaves the connection in order, so this pool keeps it; any other
 *   failure (the connection itself) still ends it.
 */
export function pgliteQueries(pool: pg.Pool): pg.Pool {
  const names = new Map<string, string>();
  const prepared = (config: pg.QueryConfig): pg.QueryConfig => {
    if (config.name) return config;
    let name = names.get(config.text);
    if (name === undefined) {
      if (names.size >= MAX_PREPARED_STATEMENTS) return config;
      name = `console_${names.size}`;
      names.set(config.text, name);
    }
    return { ...config, name };
  };
  pool.on("connect", (client) => {
    client.query("deallocate all").catch(() => {});
  });

  let current: SharedCheckout | null = null;
  const join = (): SharedCheckout => {
    // A new checkout when there is none to share, when the connection failed, or when someone else (a
    // transaction) waits for the connection: that one queues behind the waiter.
    const others = current?.acquired ? pool.waitingCount : 0;
    if (current && !current.broken && others === 0) return current;
    const checkout: SharedCheckout = { client: pool.connect(), acquired: false, users: 0 };
    void checkout.client.then(
      () => (checkout.acquired = true),
      () => {},
    );
    current = checkout;
    return checkout;
  };
  const leave = (checkout: SharedCheckout, client: pg.PoolClient) => {
    checkout.users -= 1;
    if (checkout.users > 0) return;
    if (current === checkout) current = null;
    client.release(checkout.broken);
  };
  const query = async (config: string | pg.QueryConfig, values?: unknown[]) => {
    const checkout = join();
    checkout.users += 1;
    let client: pg.PoolClient;
    try {
      client = await checkout.client;
    } catch (error) {
      checkout.users -= 1;
      if (current === checkout) current = null;
      throw error;
    }
    try {
      return await client.query(
        prepared(typeof config === "string" ? { text: config } : config),
        values,
      );
    } catch (error) {
      if (!(error instanceof pg.DatabaseError)) checkout.broken ??= error as Error;
      throw error;
    } finally {
      leave(checkout, client);
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
    pool = pgliteQueries(new pg.Pool(pglitePoolOptions(server.socketDir)));
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
