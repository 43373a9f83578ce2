import "server-only";
import type { NextRequest } from "next/server";
import { databaseTrouble } from "@/lib/db/errors";
import { MIGRATE_COMMAND } from "@/lib/db/postgres-migrate";
import { ApiError, errorResponse } from "./errors";

type RouteContext<P> = { params: Promise<P> };
export type RouteHandler<P> = (request: NextRequest, context: RouteContext<P>) => Promise<Response>;

/** Seconds a client is told to wait when the database has no connection to give (full, or restarting). */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** A database that cannot serve now is the server's state, not a bug: 503, and when to try again. */
function databaseError(error: unknown): ApiError | null {
  switch (databaseTrouble(error)) {
    case "unavailable":
      return new ApiError(
        503,
        "database_unavailable",
        "The database has no free connection right now. Try again in a few seconds.",
        { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) },
      );
    case "schema_not_current":
      return new ApiError(
        503,
        "database_schema_outdated",
        `The database schema is older than this version of the app; an operator must run \`${MIGRATE_COMMAND}\`.`,
      );
    default:
      return null;
  }
}

/**
 * Wraps a route handler so that every route maps errors the same way: an ApiError becomes its JSON answer,
 * a database that cannot serve now a 503, anything else a generic 500 whose details stay in the server log
 * (without request data that could hold secrets).
 */
export function handleRoute<P = Record<string, string>>(handler: RouteHandler<P>): RouteHandler<P> {
  return async (request, context) => {
    try {
      return await handler(request, context);
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(error);
      const unavailable = databaseError(error);
      if (unavailable) {
        console.error(
          `[api] ${request.method} ${request.nextUrl.pathname}: ${unavailable.code}:`,
          error,
        );
        return errorResponse(unavailable);
      }
      console.error(`[api] ${request.method} ${request.nextUrl.pathname} failed:`, error);
      return errorResponse(
        new ApiError(500, "internal_error", "Something went wrong on our side. Try again."),
      );
    }
  };
}
