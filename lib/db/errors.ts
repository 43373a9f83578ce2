import { DatabaseInUseError } from "./pglite-lock";
import { SchemaNotCurrentError } from "./postgres-migrate";

/**
 * Recognises the database errors a request should answer as "try again later" rather than as a bug:
 * no connection to be had (the pool's wait ran out, the database or its pooler refused one for being full,
 * or could not be reached), the embedded database held by another server process (lib/db/pglite-lock.ts),
 * and a schema older than the app. drizzle-orm wraps driver errors, so the
 * whole `cause` chain is looked at.
 */
export type DatabaseTrouble = "unavailable" | "in_use" | "schema_not_current";

/** PostgreSQL and PgBouncer SQLSTATEs: connection exceptions (08…), too many connections, starting up. */
const UNAVAILABLE_CODE = /^(08...|53300|57P03)$/;
const UNAVAILABLE_SOCKET = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH"]);
/** A Unix socket with no server (the embedded database's thread stopped and its socket is gone). */
const NO_SOCKET = "ENOENT";
/**
 * pg's own errors: no connection within `connectionTimeoutMillis`, no answer within `query_timeout` (a
 * pooler queueing statements while the database is full), a connection dropped under a statement.
 */
const UNAVAILABLE_MESSAGE =
  /^(timeout exceeded when trying to connect|Connection terminated due to connection timeout|Connection terminated unexpectedly|Query read timeout)$/;

export function databaseTrouble(error: unknown): DatabaseTrouble | null {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof SchemaNotCurrentError) return "schema_not_current";
    if (current instanceof DatabaseInUseError) return "in_use";
    if (!(current instanceof Error)) return null;
    const { code, syscall } = current as { code?: unknown; syscall?: unknown };
    if (typeof code === "string" && UNAVAILABLE_CODE.test(code)) return "unavailable";
    // A socket's own failure names its system call. A request whose client hung up mid-body fails with
    // ECONNRESET too ("aborted"), but names none: that is the client's doing, not the database's.
    if (typeof code === "string" && UNAVAILABLE_SOCKET.has(code) && typeof syscall === "string") {
      return "unavailable";
    }
    if (code === NO_SOCKET && syscall === "connect") return "unavailable";
    if (UNAVAILABLE_MESSAGE.test(current.message)) return "unavailable";
    current = current.cause;
  }
  return null;
}
