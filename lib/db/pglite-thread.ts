import path from "node:path";
import { Worker } from "node:worker_threads";
import { types, type PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";

/**
 * The embedded PGlite, run in a worker thread (pglite-worker.mjs) and driven from here with the part of
 * PGlite's interface that drizzle-orm's PGlite driver uses: `query` and `transaction`.
 *
 * Why a thread: PostgreSQL in WASM is synchronous; on the server's own thread every query blocked every
 * other request for its whole duration (about half of the server's CPU when receiving webhooks). In its own
 * thread it runs beside request handling, on the other core.
 *
 * It is still one database in one process: the lock file (pglite-lock.ts) is taken before the thread starts.
 */
const WORKER_FILE = path.join(process.cwd(), "lib/db/pglite-worker.mjs");

/**
 * Types the thread always sends back as the text PostgreSQL sent: those drizzle-orm's PGlite driver asks
 * for as text in every query (timestamps, dates, intervals, numeric[] and their arrays). They are set once,
 * when PGlite is created, because PGlite copies its parser table for every query given parsers of its own.
 * A caller that did not ask for one of them as text gets PGlite's usual parsing, applied here.
 */
const TEXT_TYPES = new Set<number>([
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]);

type Request =
  | {
      op: "query";
      sql: string;
      params: unknown[];
      rowMode: "object" | "array";
      rawTypes: number[];
      tx?: number;
    }
  | { op: "begin" | "commit" | "rollback"; tx: number }
  | { op: "close" };

type Reply =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; error: ErrorData };
type ErrorData = { name: string; message: string } & Record<string, unknown>;

interface Queryable {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

export interface PgliteThread extends Queryable {
  transaction<T>(callback: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** An Error like the one PGlite threw in the worker, with PostgreSQL's fields (code, detail, ...). */
function errorFrom(data: ErrorData): Error {
  const error = new Error(data.message);
  Object.assign(error, data);
  return error;
}

/**
 * Starts the thread, opens the database in `dataDir` (in memory when undefined) and resolves once it
 * answers. Fails with an error naming the folder and PGlite's reason when it cannot be opened.
 */
export async function startPgliteThread(dataDir: string | undefined): Promise<PgliteThread> {
  const worker = new Worker(WORKER_FILE, { workerData: { dataDir, textTypes: [...TEXT_TYPES] } });
  const pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (e: Error) => void }
  >();
  let nextId = 1;
  let nextTx = 1;
  let stopped: Error | null = null;
  let closing = false;

  // The thread keeps the process alive only while a call is waiting on it, as a socket would.
  worker.unref();
  const settle = (id: number) => {
    const entry = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return entry;
  };

  worker.on("message", (reply: Reply) => {
    const entry = settle(reply.id);
    if (!entry) return;
    if (reply.ok) entry.resolve(reply.result);
    else entry.reject(errorFrom(reply.error));
  });
  const fail = (error: Error) => {
    stopped ??= error;
    for (const id of [...pending.keys()]) settle(id)?.reject(stopped);
  };
  worker.on("error", (error) =>
    fail(new Error(`The embedded database (PGlite) thread failed: ${error.message}`)),
  );
  worker.on("exit", (code) => {
    const error = new Error(
      `The embedded database (PGlite) thread has stopped (exit code ${code}).`,
    );
    // Like PGlite in the server's own thread after a WASM abort, the database is gone until a restart;
    // the log says why.
    if (!closing) console.error(`[db] ${error.message} Restart the server.`);
    fail(error);
  });

  function call<T>(request: Request): Promise<T> {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    if (pending.size === 0) worker.ref();
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      try {
        worker.postMessage({ id, ...request });
      } catch (error) {
        // A parameter that cannot be copied to the thread (a function, say): nothing was sent.
        settle(id);
        reject(error as Error);
      }
    });
  }

  async function query<T>(
    sql: string,
    params: unknown[] = [],
    options: QueryOptions = {},
    tx?: number,
  ): Promise<Results<T>> {
    const { rowMode = "object", parsers = {}, ...rest } = options;
    const unsupported = Object.keys(rest).filter(
      (key) => rest[key as keyof typeof rest] !== undefined,
    );
    if (unsupported.length > 0) {
      throw new Error(
        `Query options not supported across the PGlite thread: ${unsupported.join(", ")}`,
      );
    }
    // Parsers are functions, which cannot cross to the thread: it sends those types back as text, and
    // they are applied here.
    const rawTypes = Object.keys(parsers)
      .map(Number)
      .filter((oid) => !TEXT_TYPES.has(oid));
    const result = await call<Results<T>>({ op: "query", sql, params, rowMode, rawTypes, tx });
    applyParsers(result, parsers, rowMode);
    return result;
  }

  // Checks that the thread started and the folder opened.
  try {
    await query("select 1");
  } catch (error) {
    closing = true;
    await worker.terminate();
    throw new Error(
      `The embedded database (PGlite) could not open ${dataDir ?? "in memory"}: ${(error as Error).message}`,
      { cause: error },
    );
  }

  return {
    query: (sql, params, options) => query(sql, params, options),
    async transaction(callback) {
      const tx = nextTx++;
      await call({ op: "begin", tx });
      let result;
      try {
        result = await callback({
          query: (sql, params, options) => query(sql, params, options, tx),
        });
      } catch (error) {
        await call({ op: "rollback", tx }).catch(() => {});
        throw error;
      }
      await call({ op: "commit", tx });
      return result;
    },
    async close() {
      closing = true;
      if (!stopped) await call({ op: "close" });
      await worker.terminate();
    },
  };
}

/** The caller's parsers, and PGlite's own for the TEXT_TYPES the caller left to it. */
function applyParsers<T>(
  result: Results<T>,
  parsers: NonNullable<QueryOptions["parsers"]>,
  rowMode: "object" | "array",
) {
  result.fields.forEach((field, index) => {
    const oid = field.dataTypeID;
    const parse =
      parsers[oid] ?? (TEXT_TYPES.has(oid) ? (text: string) => types.parseType(text, oid) : null);
    if (!parse) return;
    for (const row of result.rows as Record<string | number, unknown>[]) {
      const key = rowMode === "array" ? index : field.name;
      if (typeof row[key] === "string") row[key] = parse(row[key]);
    }
  });
}

/** drizzle-orm's PGlite driver takes the thread in place of a PGlite instance; it uses only these calls. */
export function asPglite(thread: PgliteThread): PGlite {
  return thread as unknown as PGlite;
}
