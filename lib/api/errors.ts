import { NextResponse } from "next/server";
import { API_ERRORS, type ApiErrorCode } from "./error-codes";

export { API_ERRORS, type ApiErrorCode } from "./error-codes";

/**
 * The one error shape of our own API: `{ "error": string, "code": ApiErrorCode }`. Route code throws
 * ApiError with a code of ./error-codes.ts, whose table gives the status (and the message, unless the
 * thrower has a more precise one); the route wrappers (lib/api/handler.ts) turn it into a response.
 * Messages are written for a member to act on and must never contain a secret.
 */
const API_ERROR_BRAND = Symbol.for("project-console.api-error");

export class ApiError extends Error {
  readonly status: number;

  /**
   * `instanceof ApiError` by a process-wide brand, not by class identity: Next bundles this module once per
   * layer (route handlers, server components), and a process-wide object (lib/process-singleton.ts) made in
   * one layer throws that layer's ApiError into another's route wrapper.
   */
  readonly [API_ERROR_BRAND] = true;
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && API_ERROR_BRAND in value;
  }

  constructor(
    readonly code: ApiErrorCode,
    message: string = API_ERRORS[code].message,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = API_ERRORS[code].status;
  }
}

/**
 * The one builder of an error answer, for every place that sends one (route wrappers, proxy.ts, the
 * receiver): the code's status, never cached, `extra` fields (such as a stored delivery's id) after the two
 * that are always there.
 */
export function errorJson(
  code: ApiErrorCode,
  message: string = API_ERRORS[code].message,
  options: { headers?: Record<string, string>; extra?: Record<string, unknown> } = {},
): NextResponse {
  return NextResponse.json(
    { error: message, code, ...options.extra },
    {
      status: API_ERRORS[code].status,
      headers: { "Cache-Control": "no-store", ...options.headers },
    },
  );
}

export function errorResponse(error: ApiError): NextResponse {
  return errorJson(error.code, error.message, { headers: error.headers });
}
