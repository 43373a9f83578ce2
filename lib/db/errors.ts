import { DrizzleQueryError } from "drizzle-orm";
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

/**
 * Fields of a driver's error that name things rather than quote data: the SQLSTATE, the constraint, table,
 * column and type, the server routine that raised it, a socket's system call. A PostgreSQL error's
 * message, `detail` and `where` may quote a value ("invalid input syntax for type json", "Key (email)=…"),
 * and drizzle's wrapper (DrizzleQueryError) carries the statement and its parameters in its message, its
 * `query` and `params`: a delivery's body, its headers, an endpoint secret's ciphertext.
 */
const NAMING_FIELDS = [
  "code",
  "severity",
  "routine",
  "constraint",
  "table",
  "column",
  "dataType",
  "syscall",
] as const;
/** A naming field's value is printed only when it looks like a name (a hostile value never does). */
const NAME_LIKE = /^[\w .:-]{1,64}$/;
const MAX_FRAMES = 8;

/**
 * An error's class, as readable in a production build, where the bundler shortens class names (drizzle's
 * wrapper becomes `e`): drizzle's by identity, others by a constructor name that survived (`pg` is not
 * bundled), else `name`.
 */
function errorClass(error: Error): string {
  if (error instanceof DrizzleQueryError) return "DrizzleQueryError";
  const constructorName = error.constructor.name;
  if (constructorName.length >= 3 && NAME_LIKE.test(constructorName)) return constructorName;
  return NAME_LIKE.test(error.name) ? error.name : "Error";
}

/** The call frames of an error's stack, without its first line(s), which repeat the message. */
function stackFrames(error: Error): string[] {
  const stack = typeof error.stack === "string" ? error.stack : "";
  const header = [error.name, "Error", error.constructor.name]
    .map((name) => (error.message ? `${name}: ${error.message}` : name))
    .find((candidate) => stack.startsWith(`${candidate}\n`));
  if (!header) return [];
  return stack
    .slice(header.length + 1)
    .split("\n")
    .filter((line) => /^ {4}at /.test(line))
    .slice(0, MAX_FRAMES);
}

/**
 * An error as a log line may show it: each error of the `cause` chain by its class and naming fields
 * (`DrizzleQueryError ← DatabaseError (code=22021, routine=report_invalid_encoding)`), then the outermost
 * error's call frames. Never a message (only pg's own connection messages, which are fixed sentences),
 * a statement, a parameter or a value: every log line about a failed request or statement uses this.
 */
export function safeErrorSummary(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    if (!(current instanceof Error)) {
      parts.push(`(thrown ${typeof current})`);
      break;
    }
    const fields: string[] = [];
    for (const name of NAMING_FIELDS) {
      const value = (current as unknown as Record<string, unknown>)[name];
      if ((typeof value === "string" || typeof value === "number") && NAME_LIKE.test(String(value)))
        fields.push(`${name}=${value}`);
    }
    if (UNAVAILABLE_MESSAGE.test(current.message)) fields.push(current.message);
    const className = errorClass(current);
    parts.push(fields.length > 0 ? `${className} (${fields.join(", ")})` : className);
    current = current.cause;
  }
  const frames = error instanceof Error ? stackFrames(error) : [];
  return [parts.join(" ← "), ...frames].join("\n");
}
