import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import type { z } from "@/lib/zod";
import { bearerCredential } from "@/lib/auth/bearer";
import { requireApiMember, type Member } from "@/lib/auth/guard";
import { scopeForMethod, type TokenScope } from "@/lib/auth/scopes";
import { safeErrorSummary } from "@/lib/db/errors";
import { edgeFacts } from "@/lib/http/edge-facts";
import { databaseApiError } from "./database-error";
import { ApiError, errorResponse } from "./errors";
import { parseJsonBody, parseParams, parseQuery } from "./input";

type RouteContext<P> = { params: Promise<P> };
export type RouteHandler<P> = (request: NextRequest, context: RouteContext<P>) => Promise<Response>;

/**
 * What a failure of route code (or of an MCP tool, lib/mcp) answers, the same everywhere: an ApiError as it
 * is, a database that cannot serve now a 503, anything else a generic 500. The server log gets a safe
 * summary (safeErrorSummary): error classes, SQLSTATE, constraint and table names, call frames; never a
 * message, a statement's parameters, a body, a header or a secret's ciphertext. `where` names the request
 * in that log line ("GET /api/webhooks/deliveries").
 */
export function apiErrorOf(error: unknown, where: string): ApiError {
  if (error instanceof ApiError) return error;
  // The client hung up mid-body (lib/http/server.ts names that error): nobody failed, nobody reads this.
  if (error instanceof Error && error.name === "AbortError") return new ApiError("client_aborted");
  const unavailable = databaseApiError(error);
  if (unavailable) {
    // One line: a full database fails many requests at once, and the stack says nothing new.
    const [summary] = safeErrorSummary(error).split("\n");
    console.error(`[api] ${where}: ${unavailable.code}: ${summary}`);
    return unavailable;
  }
  console.error(`[api] ${where} failed: ${safeErrorSummary(error)}`);
  return new ApiError("internal_error");
}

/** Maps errors the same way for every route (apiErrorOf), as the app's JSON error answer. */
export function handleRoute<P = Record<string, string>>(handler: RouteHandler<P>): RouteHandler<P> {
  return async (request, context) => {
    try {
      return await handler(request, context);
    } catch (error) {
      return errorResponse(apiErrorOf(error, `${request.method} ${request.nextUrl.pathname}`));
    }
  };
}

/** Console answers are per member and each says how fresh it is: never stored by any cache. */
export const CONSOLE_CACHE_CONTROL = "private, no-store";
/**
 * For a route whose 200s carry a strong ETag (`revalidate: true`): the member's browser may keep the answer
 * but must ask every time (`no-cache`), sending If-None-Match, so that an unchanged answer costs a 304 and
 * no bytes; `no-store` would keep the browser from ever revalidating. Still `private` (no shared cache),
 * and still behind the member check: a signed-out browser's revalidation is a 401, never a 304.
 * `no-transform` only behind the project's own server, where the route encodes the body itself and its ETag
 * names those exact bytes; without that server (Vercel) the route answers identity and the platform may
 * compress it (docs/deploy.md, "What differs on Vercel").
 */
export const REVALIDATED_CACHE_CONTROL = "private, no-cache, no-transform";
export const PLATFORM_ENCODED_CACHE_CONTROL = "private, no-cache";

type Schema = z.ZodType | undefined;
type Parsed<S extends Schema> = S extends z.ZodType ? z.infer<S> : undefined;
type Unparsed<S extends Schema> = S extends z.ZodType ? z.input<S> : undefined;

/**
 * What a handler may answer for JSON of type T: T itself, except that where T has a string a Date is fine too
 * (NextResponse.json sends a Date as its ISO string).
 */
type JsonSource<T> = T extends string
  ? string | Date
  : T extends readonly (infer Item)[]
    ? readonly JsonSource<Item>[]
    : T extends object
      ? string extends keyof T
        ? object // an open object (z.looseObject({})): any object fits
        : { [K in keyof T]: JsonSource<T[K]> }
      : T;

/**
 * A route that names an `answer` schema must answer JSON that fits it, checked by `tsc` (never at run time);
 * a Response of its own (NDJSON, a stream, a 204) is not checked.
 */
type AnswerFor<AnswerSchema extends Schema> = AnswerSchema extends z.ZodType
  ? Response | JsonSource<z.output<AnswerSchema>>
  : unknown;

/** The schemas a console route was made with, readable at run time by the OpenAPI test (lib/api/openapi). */
export interface ConsoleRouteSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  answer?: z.ZodType;
  status?: number;
}

/**
 * A console route's handler, carrying in its type (never at run time) what the route takes, as its schemas
 * accept it, and what it answers as JSON: the browser's client is typed from it
 * (lib/webhooks/browser/console-client.ts), so a route that changes a schema or an answer fails `tsc` where
 * the client no longer fits, instead of failing a member.
 */
export type ConsoleRouteHandler<Query, Body, Answer> = RouteHandler<Record<string, string>> & {
  readonly contract?: { query: Query; body: Body; answer: Exclude<Answer, Response> };
  readonly schemas: ConsoleRouteSchemas;
};

export interface ConsoleInput<Params extends Schema, Query extends Schema, Body extends Schema> {
  request: NextRequest;
  member: Member;
  params: Parsed<Params>;
  query: Parsed<Query>;
  body: Parsed<Body>;
}

/**
 * A console API route: the member check (401 `unauthorized`, before anything is read: a signed-in member, or
 * `Authorization: Bearer pct_…` acting as the token's member, lib/auth/guard.ts requireApiMember; the
 * handler reads who called from `member`, and `member.token` says whether a token did), the token's scope
 * (403 `insufficient_scope`: `read` for GET and HEAD, `write` for any other method, unless the route says
 * `scope`), the path segments,
 * the query and the JSON body parsed with the given zod schemas (400 `invalid_id` / `invalid_query` /
 * `invalid_body` in one sentence a member can act on), `Cache-Control: private, no-store` on every answer
 * (`private, no-cache` on the 200s and 304s of a `revalidate` route), the error mapping of `handleRoute`,
 * and, for a request made with a token, one log line (logTokenRequest). The handler answers a value (sent
 * as JSON, status 200 unless `status` says otherwise) or a Response of its own.
 */
export function consoleRoute<
  Params extends Schema = undefined,
  Query extends Schema = undefined,
  Body extends Schema = undefined,
  AnswerSchema extends Schema = undefined,
  Answer extends AnswerFor<AnswerSchema> = AnswerFor<AnswerSchema>,
>(
  schemas: {
    params?: Params;
    query?: Query;
    body?: Body;
    /**
     * What the route answers as JSON, documented in /api/openapi.json (lib/api/openapi/routes.ts). Checked
     * against the handler's answer at compile time only: never parsed at run time.
     */
    answer?: AnswerSchema;
    /** The JSON body's size limit in characters, when 64 KiB is too small. */
    bodyLimit?: number;
    status?: number;
    revalidate?: true;
    /**
     * false: a request with an access token is not counted against the per-token limit (RATE_LIMITS.token).
     * Only for routes whose volume something else already bounds (say why at the route).
     */
    tokenRateLimit?: false;
    /**
     * The scope an access token needs here, when not the method's (GET and HEAD `read`, anything else
     * `write`: lib/auth/scopes.ts scopeForMethod). Only for a route that changes nothing a member would
     * call a change (say why at the route). A signed-in member has every scope.
     */
    scope?: TokenScope;
  },
  handler: (input: ConsoleInput<Params, Query, Body>) => Promise<Answer>,
): ConsoleRouteHandler<Unparsed<Query>, Unparsed<Body>, Answer> {
  /** One request; `seen.token` is filled in as soon as an access token is known to be calling. */
  const run = async (
    request: NextRequest,
    context: RouteContext<Record<string, string>>,
    seen: { token: CallingToken | null },
  ): Promise<Response> => {
    const member = await requireApiMember(request.headers, {
      tokenRateLimit: schemas.tokenRateLimit ?? true,
      scope: schemas.scope ?? scopeForMethod(request.method),
      onToken: (token) => (seen.token = token),
    });
    const params = schemas.params ? parseParams(schemas.params, await context.params) : undefined;
    const query = schemas.query
      ? parseQuery(schemas.query, request.nextUrl.searchParams)
      : undefined;
    const body = schemas.body
      ? await parseJsonBody(schemas.body, request, schemas.bodyLimit)
      : undefined;
    const answer = await handler({ request, member, params, query, body } as ConsoleInput<
      Params,
      Query,
      Body
    >);
    return answer instanceof Response
      ? answer
      : NextResponse.json(answer, { status: schemas.status ?? 200 });
  };
  const withCacheControl: RouteHandler<Record<string, string>> = async (request, context) => {
    const started = performance.now();
    const seen: { token: CallingToken | null } = { token: null };
    const response = await handleRoute<Record<string, string>>((req, ctx) => run(req, ctx, seen))(
      request,
      context,
    );
    const revalidated = schemas.revalidate && (response.status === 200 || response.status === 304);
    response.headers.set(
      "Cache-Control",
      !revalidated
        ? CONSOLE_CACHE_CONTROL
        : edgeFacts()
          ? REVALIDATED_CACHE_CONTROL
          : PLATFORM_ENCODED_CACHE_CONTROL,
    );
    if (bearerCredential(request.headers).kind === "token") {
      logTokenRequest(request, response.status, performance.now() - started, seen.token);
    }
    return response;
  };
  const { params, query, body, answer, status } = schemas;
  return Object.assign(withCacheControl, { schemas: { params, query, body, answer, status } });
}

type CallingToken = NonNullable<Member["token"]>;

/**
 * The one log line of a console API request made with an access token, so that what a machine did can be
 * traced to the token that did it (and revoked): method, path (never the query: a search may hold what was
 * searched for), status, time to the answer's head (a stream's own length is not counted), and the token's
 * id and name as Settings lists them ("-" when the token was refused before it was known: unknown, revoked,
 * expired). Never the token, never a header or a body. The name is the member's own text: JSON-quoted, so
 * it cannot break the line or forge another.
 */
function logTokenRequest(
  request: NextRequest,
  status: number,
  durationMs: number,
  token: CallingToken | null,
): void {
  const who = token ? `${token.id} name=${JSON.stringify(token.name)}` : "-";
  console.info(
    `[api] ${request.method} ${request.nextUrl.pathname} ${status} ${Math.round(durationMs)} ms token=${who}`,
  );
}
