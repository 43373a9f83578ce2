// @ts-check
/**
 * The embedded PGlite database, in a worker thread of the app's own server process (see pglite-thread.ts,
 * which is its only client). PostgreSQL compiled to WASM is most of what a stored webhook delivery costs;
 * here it no longer blocks the thread that answers HTTP requests.
 *
 * Plain JavaScript because Node loads it as is, outside Next's and Vitest's bundling.
 *
 * Messages in: { id, op: "query", sql, params, rowMode, rawTypes, tx? } | { id, op: "begin" | "commit" |
 * "rollback", tx } | { id, op: "close" }. Out: { id, ok: true, result } | { id, ok: false, error }.
 * Queries outside a transaction wait for it to end: PGlite's own mutex keeps them out of it.
 */
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";

if (!parentPort) throw new Error("pglite-worker.mjs runs only as a worker thread");
const port = parentPort;

/** @type {{ dataDir?: string }} */
const { dataDir } = workerData;

/**
 * Open transactions by id: the PGlite transaction stays open (holding PGlite's mutex) until `finish`
 * settles its callback: resolved to COMMIT, rejected to ROLLBACK.
 * @type {Map<number, { tx: import("@electric-sql/pglite").Transaction, finish: { resolve: () => void, reject: (e: Error) => void }, ended: Promise<unknown> }>}
 */
const transactions = new Map();

const ready = PGlite.create(dataDir).then(async (pg) => {
  // A new 16 MB WAL segment is otherwise zero-filled first: a stall of tens of milliseconds for every
  // 16 MB of writes (about every 30 s of webhooks at 200/s). Space is still allocated as WAL is written.
  await pg.exec("set wal_init_zero = off");
  return pg;
});

/** Values of these type OIDs come back as the text PostgreSQL sent; the caller applies its own parsers. */
function rawParsers(/** @type {number[] | undefined} */ oids) {
  return Object.fromEntries((oids ?? []).map((oid) => [oid, (/** @type {string} */ text) => text]));
}

/** The error with the fields PostgreSQL gave it (code, detail, constraint, ...), as plain data. */
function plainError(/** @type {unknown} */ error) {
  if (!(error instanceof Error)) {
    // PGlite's file system throws Emscripten's ErrnoError, which is not an Error and has no message.
    const { name = "Error", errno } = /** @type {{ name?: string, errno?: number }} */ (
      error ?? {}
    );
    return { name, message: errno === undefined ? String(error) : `${name} (errno ${errno})` };
  }
  const fields = Object.fromEntries(
    Object.entries(error).filter(([, value]) => value === null || typeof value !== "object"),
  );
  return { ...fields, name: error.name, message: error.message };
}

/** @param {any} message */
async function handle(message) {
  const pg = await ready;
  switch (message.op) {
    case "query": {
      const options = { rowMode: message.rowMode, parsers: rawParsers(message.rawTypes) };
      const target = message.tx === undefined ? pg : transactions.get(message.tx)?.tx;
      if (!target) throw new Error(`Transaction ${message.tx} is not open`);
      return target.query(message.sql, message.params, options);
    }
    case "begin":
      return new Promise((begun, failed) => {
        const ended = pg.transaction(
          (tx) =>
            new Promise((resolve, reject) => {
              transactions.set(message.tx, { tx, finish: { resolve, reject }, ended });
              begun(undefined);
            }),
        );
        // BEGIN itself failed (the callback never ran): report it to the caller of "begin".
        ended.catch((error) => {
          if (!transactions.has(message.tx)) failed(error);
        });
      });
    case "commit":
    case "rollback": {
      const open = transactions.get(message.tx);
      if (!open) throw new Error(`Transaction ${message.tx} is not open`);
      transactions.delete(message.tx);
      if (message.op === "commit") {
        open.finish.resolve();
        await open.ended;
      } else {
        open.finish.reject(new Error("rolled back by the caller"));
        await open.ended.catch(() => {});
      }
      return null;
    }
    case "close":
      await pg.close();
      return null;
    default:
      throw new Error(`Unknown operation ${message.op}`);
  }
}

port.on("message", (message) => {
  handle(message).then(
    (result) => port.postMessage({ id: message.id, ok: true, result }),
    (error) => port.postMessage({ id: message.id, ok: false, error: plainError(error) }),
  );
});
