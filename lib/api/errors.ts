import { NextResponse } from "next/server";

/**
 * The one error shape of our own API: `{ "error": string, "code": string }`. Route code throws ApiError;
 * the route wrappers (lib/api/handler.ts) turn it into a response. Messages are written for a member to act
 * on and must never contain a secret.
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

/**
 * The one builder of an error answer, for every place that sends one (route wrappers, proxy.ts, the
 * receiver): never cached, `extra` fields (such as a stored delivery's id) after the two that are always there.
 */
export function errorJson(
  status: number,
  code: string,
  message: string,
  options: { headers?: Record<string, string>; extra?: Record<string, unknown> } = {},
): NextResponse {
  return NextResponse.json(
    { error: message, code, ...options.extra },
    { status, headers: { "Cache-Control": "no-store", ...options.headers } },
  );
}

export function errorResponse(error: ApiError): NextResponse {
  return errorJson(error.status, error.code, error.message, { headers: error.headers });
}
