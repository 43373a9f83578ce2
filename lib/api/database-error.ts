import "server-only";
import { databaseTrouble } from "@/lib/db/errors";
import { MIGRATE_COMMAND } from "@/lib/db/postgres-migrate";
import { ApiError } from "./errors";

/** Seconds a client is told to wait when the database has no connection to give (full, or restarting). */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * A database that cannot serve now is the server's state, not a bug: 503 (with when to try again when it
 * is a matter of time), for handleRoute to answer. Null for any other error.
 */
export function databaseApiError(error: unknown): ApiError | null {
  switch (databaseTrouble(error)) {
    case "unavailable":
      return new ApiError("database_unavailable", undefined, {
        "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS),
      });
    case "in_use":
      // Another server process holds the embedded database: the one this replaces, still draining.
      return new ApiError("database_in_use", undefined, {
        "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS),
      });
    case "schema_not_current":
      return new ApiError(
        "database_schema_outdated",
        `The database schema is older than this version of the app; an operator must run \`${MIGRATE_COMMAND}\`.`,
      );
    default:
      return null;
  }
}
