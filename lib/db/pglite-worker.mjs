// @ts-check
/**
 * The embedded PGlite database, in a worker thread of the app's own server process (see pglite-thread.ts,
 * which is its only client). PostgreSQL compiled to WASM is most of what a stored webhook delivery costs;
 * here it no longer blocks the thread that answers HTTP requests.
 *
 * Plain JavaScript so that Node loads it as is in tests and scripts (Next's build bundles it as a worker
 * entry of its own).
 *
 * Messages in: { id, op: "query", sql, params, rowMode, rawTypes, tx? } | { id, op: "begin" | "commit" |
 * "rollback", tx } | { id, op: "close" }. Out: { id, ok: true, result } | { id, ok: false, error }.
 *
 * Queries speak PostgreSQL's extended protocol to PGlite directly, so that a statement run again (the
 * receiver runs the same few for every delivery) is parsed once: a query with parameters is kept as a
 * named prepared statement (the newest MAX_STATEMENTS), as node-postgres does for named queries, and each
 * run is one exchange with PGlite instead of the six of its query(). Plans are still made for each run
 * (see plan_cache_mode below).
 */
import { parentPort, workerData } from "node:worker_threads";
import { Mutex, PGlite, parse, protocol } from "@electric-sql/pglite";

if (!parentPort) throw new Error("pglite-worker.mjs runs only as a worker thread");
const port = parentPort;
const { serialize } = protocol;

/** @type {{ dataDir?: string, textTypes: number[] }} */
const { dataDir, textTypes } = workerData;

const MAX_STATEMENTS = 200;

// Values of textTypes always come back as text (pglite-thread.ts says why, and parses them for callers
// that want PGlite's usual values).
const ready = PGlite.create(dataDir, { parsers: rawParsers(textTypes) }).then(async (pg) => {
  // A new 16 MB WAL segment is otherwise zero-filled first: a stall of tens of milliseconds for every
  // 16 MB of writes (about every 30 s of webhooks at 200/s). Space is still allocated as WAL is written.
  await pg.exec("set wal_init_zero = off");
  // Kept statements are planned for each run's values and the table as it is then. A generic plan, which
  // PostgreSQL would otherwise settle on after five runs, is costed once and kept; PGlite has no autovacuum
  // to ANALYZE and so replace it, and one made while a table was nearly empty scans it whole however large
  // it grows.
  await pg.exec("set plan_cache_mode = force_custom_plan");
  return pg;
});

/**
 * Values of these type OIDs come back as the text PostgreSQL sent; the caller applies its own parsers.
 * None when there are none: PGlite copies its parser table for every query that brings its own.
 */
function rawParsers(/** @type {number[] | undefined} */ oids) {
  if (!oids?.length) return undefined;
  return Object.fromEntries(oids.map((oid) => [oid, (/** @type {string} */ text) => text]));
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

/** @param {Uint8Array[]} parts */
function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * Prepared statements by SQL text, oldest use first: { name, paramTypes }.
 * @type {Map<string, { name: string, paramTypes: number[] }>}
 */
const statements = new Map();
let statementCount = 0;

/**
 * Sends protocol messages (ending in Sync) as one exchange, which nothing else interleaves with, and
 * returns the backend's messages; throws PostgreSQL's error, after the Sync has put the session back in
 * order.
 * @param {PGlite} pg
 * @param {Uint8Array[]} messages
 */
function exchange(pg, messages) {
  return pg.runExclusive(() => pg.execProtocolStream(concat(messages), { syncToFs: false }));
}

/**
 * The named statement for `sql`, prepared now if it is not yet. Parameter types come from PostgreSQL, so
 * values are serialised as PGlite's own query() would.
 * @param {PGlite} pg
 * @param {string} sql
 */
async function prepared(pg, sql) {
  const known = statements.get(sql);
  if (known) {
    statements.delete(sql); // moved to the newest end
    statements.set(sql, known);
    return known;
  }
  const name = `pglite_thread_${++statementCount}`;
  const replies = await exchange(pg, [
    serialize.parse({ name, text: sql }),
    serialize.describe({ type: "S", name }),
    serialize.sync(),
  ]);
  const description = /** @type {{ dataTypeIDs?: number[] } | undefined} */ (
    replies.find((m) => m.name === "parameterDescription")
  );
  const statement = { name, paramTypes: description?.dataTypeIDs ?? [] };
  statements.set(sql, statement);
  if (statements.size > MAX_STATEMENTS) {
    const [oldestSql, oldest] = statements.entries().next().value ?? [];
    if (oldestSql !== undefined && oldest) {
      statements.delete(oldestSql);
      await exchange(pg, [serialize.close({ type: "S", name: oldest.name }), serialize.sync()]);
    }
  }
  return statement;
}

/**
 * Statements run one at a time from preparing to result, so that preparing one never lets go of (closes)
 * a statement another query is about to run. PGlite runs one at a time anyway.
 */
const oneStatementAtATime = new Mutex();

/**
 * @param {PGlite} pg
 * @param {{ sql: string, params: unknown[], rowMode: "object" | "array", rawTypes?: number[] }} message
 */
function runQuery(pg, message) {
  return oneStatementAtATime.runExclusive(() => runStatement(pg, message));
}

/**
 * Runs one statement: Bind, Describe, Execute and Sync in a single exchange. With parameters, through its
 * prepared statement; without (DDL, migrations, `select 1`), unnamed, as PGlite's query() does.
 * @param {PGlite} pg
 * @param {{ sql: string, params: unknown[], rowMode: "object" | "array", rawTypes?: number[] }} message
 * @param {boolean} [retried]
 */
async function runStatement(pg, { sql, params, rowMode, rawTypes }, retried = false) {
  const statement = params.length > 0 ? await prepared(pg, sql) : null;
  const types = statement?.paramTypes ?? [];
  const values = params.map((value, i) => {
    if (value === null || value === undefined) return null;
    const serializer = pg.serializers[types[i] ?? -1];
    return serializer ? serializer(value) : String(value);
  });
  const name = statement?.name ?? "";
  let replies;
  try {
    replies = await exchange(pg, [
      ...(statement ? [] : [serialize.parse({ text: sql })]),
      serialize.bind({ statement: name, values }),
      serialize.describe({ type: "P" }),
      serialize.execute({}),
      serialize.sync(),
    ]);
  } catch (error) {
    // A table changed under a kept statement ("cached plan must not change result type"): let it go and
    // run once more, prepared afresh.
    if (statement && !retried && /** @type {{ code?: string }} */ (error).code === "0A000") {
      statements.delete(sql);
      await exchange(pg, [serialize.close({ type: "S", name }), serialize.sync()]);
      return runStatement(pg, { sql, params, rowMode, rawTypes }, true);
    }
    throw error;
  }
  const [result] = parse.parseResults(replies, pg.parsers, {
    rowMode,
    parsers: rawParsers(rawTypes),
  });
  if (!pg.isInTransaction()) await pg.syncToFs();
  return result;
}

/**
 * One transaction at a time, as PGlite's own transaction() allows: a transaction holds the gate from BEGIN
 * to COMMIT or ROLLBACK, and a query outside any transaction takes it for its whole run, so it never runs
 * inside one.
 */
const gate = new Mutex();
/** @type {{ id: number, failed: boolean, release: () => void } | null} */
let openTransaction = null;

/** @param {PGlite} pg @param {string} sql */
async function simple(pg, sql) {
  await exchange(pg, [serialize.query(sql), serialize.sync()]);
}

/** @param {PGlite} pg @param {number} id */
function transactionQuery(pg, id, /** @type {any} */ message) {
  const tx = openTransaction;
  if (tx?.id !== id) throw new Error(`Transaction ${id} is not open`);
  return runQuery(pg, message).catch((error) => {
    tx.failed = true;
    throw error;
  });
}

/** @param {any} message */
async function handle(message) {
  const pg = await ready;
  switch (message.op) {
    case "query":
      return message.tx === undefined
        ? gate.runExclusive(() => runQuery(pg, message))
        : transactionQuery(pg, message.tx, message);
    case "begin": {
      const release = await gate.acquire();
      openTransaction = { id: message.tx, failed: false, release };
      try {
        await simple(pg, "BEGIN");
      } catch (error) {
        endTransaction();
        throw error;
      }
      return null;
    }
    case "commit":
    case "rollback": {
      const tx = openTransaction;
      if (tx?.id !== message.tx) throw new Error(`Transaction ${message.tx} is not open`);
      try {
        // PostgreSQL answers COMMIT of a failed transaction by rolling it back, without an error.
        if (message.op === "commit" && !tx.failed) {
          await simple(pg, "COMMIT");
        } else {
          await simple(pg, "ROLLBACK");
          if (message.op === "commit") {
            throw new Error("The transaction was rolled back: a statement in it failed");
          }
        }
      } finally {
        endTransaction();
      }
      await pg.syncToFs();
      return null;
    }
    case "close":
      await pg.close();
      return null;
    default:
      throw new Error(`Unknown operation ${message.op}`);
  }
}

function endTransaction() {
  const tx = openTransaction;
  openTransaction = null;
  tx?.release();
}

port.on("message", (message) => {
  handle(message).then(
    (result) => port.postMessage({ id: message.id, ok: true, result }),
    (error) => port.postMessage({ id: message.id, ok: false, error: plainError(error) }),
  );
});
