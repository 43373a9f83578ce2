import "server-only";
import type { NextRequest } from "next/server";
import { databaseApiError } from "./database-error";
import { ApiError, errorResponse } from "./errors";

type RouteContext<P> = { params: Promise<P> };
export type RouteHandler<P> = (request: NextRequest, context: RouteContext<P>) => Promise<Response>;

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
      const unavailable = databaseApiError(error);
      if (unavailable) {
        // One line: a full database fails many requests at once, and the stack says nothing new. The
        // driver's own error, not drizzle's wrapper, whose message lists the statement's parameters.
        let root: unknown = error;
        while (root instanceof Error && root.cause instanceof Error) root = root.cause;
        const reason = root instanceof Error ? root.message : String(root);
        console.error(
          `[api] ${request.method} ${request.nextUrl.pathname}: ${unavailable.code}: ${reason}`,
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
