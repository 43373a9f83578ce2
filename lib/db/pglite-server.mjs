// @ts-check
/**
 * The embedded PGlite database, served as a PostgreSQL server on a Unix socket by
 * `@electric-sql/pglite-socket`, in a worker thread of the app's own server process (started by pglite.ts).
 * PostgreSQL compiled to WASM runs synchronously: here it runs beside request handling, on the other core,
 * instead of blocking the thread that answers HTTP requests.
 *
 * Plain JavaScript so that Node loads it as is, from the app, tests and scripts alike.
 *
 * In: workerData { dataDir?: string, socketPath: string }, then the message "close".
 * Out: { ready: true } | { ready: false, error: string } once, then "closed".
 */
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

if (!parentPort) throw new Error("pglite-server.mjs runs only as a worker thread");
const port = parentPort;

/** @type {{ dataDir?: string, socketPath: string }} */
const { dataDir, socketPath } = workerData;

/** PGlite throws Emscripten's ErrnoError for file-system trouble, which is not an Error and has no message. */
function describe(/** @type {unknown} */ error) {
  if (error instanceof Error) return error.message;
  const { name = "Error", errno } = /** @type {{ name?: string, errno?: number }} */ (error ?? {});
  return errno === undefined ? String(error) : `${name} (errno ${errno})`;
}

async function start() {
  const db = await PGlite.create(dataDir);
  // PGlite is one PostgreSQL session, shared by every connection to the socket: settings made here hold for all.
  // A new 16 MB WAL segment is otherwise zero-filled first: a stall of tens of milliseconds for every 16 MB of
  // writes (about every 30 s of webhooks at 200/s). Space is still allocated as WAL is written.
  await db.exec("set wal_init_zero = off");
  // A named prepared statement is planned for each run's values and the table as it is then. A generic plan,
  // which PostgreSQL would otherwise settle on after five runs, is costed once and kept; PGlite has no
  // autovacuum to ANALYZE and so replace it, and one made while a table was nearly empty scans it whole however
  // large it grows. The app's pool prepares its statements (lib/db/pglite.ts: pgliteQueries), so this matters.
  await db.exec("set plan_cache_mode = force_custom_plan");
  // One connection (the library's default, said here because it matters): the server's multiplexer runs each
  // protocol message as it comes, so a second connection's Parse can land between another's Parse and Sync.
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 1 });
  await server.start();
  return { db, server };
}

const started = start();
started.then(
  () => port.postMessage({ ready: true }),
  (error) => port.postMessage({ ready: false, error: describe(error) }),
);

port.on("message", async (message) => {
  if (message !== "close") return;
  try {
    const { db, server } = await started;
    await server.stop();
    await db.close();
  } finally {
    port.postMessage("closed");
  }
});
