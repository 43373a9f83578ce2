import "server-only";
import type { NextRequest } from "next/server";
import { ApiError, errorResponse } from "./errors";

type RouteContext<P> = { params: Promise<P> };
export type RouteHandler<P> = (request: NextRequest, context: RouteContext<P>) => Promise<Response>;

/**
 * Wraps a route handler so that every route maps errors the same way: an ApiError becomes its JSON answer,
 * anything else a generic 500 whose details stay in the server log (without request data that could hold
 * secrets).
 */
export function handleRoute<P = Record<string, string>>(handler: RouteHandler<P>): RouteHandler<P> {
  return async (request, context) => {
    try {
      return await handler(request, context);
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(error);
      console.error(`[api] ${request.method} ${request.nextUrl.pathname} failed:`, error);
      return errorResponse(
        new ApiError(500, "internal_error", "Something went wrong on our side. Try again."),
      );
    }
  };
}
