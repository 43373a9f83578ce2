import { NextResponse } from "next/server";

/**
 * The one error shape of our own API: `{ "error": string, "code": string }`. Route code throws ApiError;
 * `handleRoute` (lib/api/handler.ts) turns it into a response. Messages are written for a member to act on
 * and must never contain a secret.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function errorResponse(error: ApiError): NextResponse {
  return NextResponse.json(
    { error: error.message, code: error.code },
    { status: error.status, headers: { "Cache-Control": "no-store", ...error.headers } },
  );
}
