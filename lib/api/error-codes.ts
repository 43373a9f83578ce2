/**
 * Every `code` our own API answers with, and the HTTP status that goes with it: a closed list, so that a
 * code cannot be misspelt, cannot be answered with two statuses, and a client (or the command-line tool to
 * come) can switch on it exhaustively. The message is the default a member reads when the place that throws
 * has nothing more precise to say. No server imports here: the browser's client may name these codes too.
 * docs/architecture.md ("Error answers") lists them for API users.
 */
export const API_ERRORS = {
  // The request itself.
  invalid_query: { status: 400, message: "Invalid query." },
  invalid_id: { status: 400, message: "Invalid id." },
  invalid_body: { status: 400, message: "Invalid body." },
  invalid_json: { status: 400, message: "The request body must be JSON." },
  invalid_cursor: { status: 400, message: "Invalid query: the cursor is not valid." },
  client_aborted: { status: 400, message: "The request body was cut off." },
  payload_too_large: { status: 413, message: "The request body is too large." },
  method_not_allowed: { status: 405, message: "This method is not supported here." },
  // Who is asking.
  unauthorized: { status: 401, message: "Sign in to continue." },
  cron_secret_required: {
    status: 401,
    message: "This route is for Vercel Cron; it needs the CRON_SECRET bearer token.",
  },
  invalid_authorization: {
    status: 401,
    message: "The Authorization header must be `Bearer pct_…`, an access token.",
  },
  invalid_token: { status: 401, message: "This access token is not valid." },
  forbidden: { status: 403, message: "Only an admin can do this." },
  session_required: {
    status: 403,
    message: "Sign in to do this: an access token cannot.",
  },
  password_change_required: {
    status: 403,
    message: "Choose your own password first: your current one was set by someone else.",
  },
  insufficient_scope: {
    status: 403,
    message: "This access token's scopes do not allow this.",
  },
  cross_origin: { status: 403, message: "Cross-site requests are refused." },
  json_required: { status: 403, message: "This request must send JSON." },
  // What it names.
  not_found: { status: 404, message: "Nothing has this id." },
  unknown_endpoint: { status: 404, message: "No webhook endpoint has this address." },
  default_endpoint: {
    status: 409,
    message:
      "The default endpoint cannot be deleted; you can rename it or remove its secret instead.",
  },
  no_secret: { status: 409, message: "This endpoint has no secret to sign with. Set one first." },
  invalid_secret: { status: 422, message: "This secret cannot sign with the chosen scheme." },
  api_key_rejected: {
    status: 422,
    message: "The service did not accept this API key, so nothing was saved.",
  },
  no_environment_key: {
    status: 409,
    message:
      "PROJECTS_API_KEY is not set on the server: there is no environment's key to go back to.",
  },
  replay_target_refused: { status: 422, message: "This address cannot be replayed to." },
  alert_channel_target_refused: {
    status: 422,
    message: "Alerts cannot be sent to this address.",
  },
  check_target_refused: {
    status: 422,
    message: "This address cannot be checked from the console.",
  },
  // GET /api/webhooks/deliveries/wait: no matching delivery arrived before the caller's timeout.
  wait_timeout: {
    status: 408,
    message: "No matching delivery arrived before the timeout.",
  },
  // A handler check through a listener (`project-console listen`): the session must be the member's own,
  // connected now, and listening to the endpoint the check signs as.
  listener_not_yours: {
    status: 403,
    message: "This listener is another member's: a check goes through your own listener only.",
  },
  listener_not_connected: {
    status: 409,
    message: "This listener is not connected now. Start `project-console listen` and try again.",
  },
  listener_endpoint_not_covered: {
    status: 422,
    message: "This listener does not listen to the endpoint chosen for the check.",
  },
  // The receiver's refusals of an unsigned or wrongly signed delivery (the delivery is stored all the same).
  missing_signature: {
    status: 401,
    message: "The X-Webhook-Signature header is missing. The delivery was stored.",
  },
  invalid_signature: {
    status: 401,
    message: "The signature does not match this endpoint's secret. The delivery was stored.",
  },
  rate_limited: { status: 429, message: "Too many requests. Try again later." },
  // The server's own state.
  internal_error: { status: 500, message: "Something went wrong on our side. Try again." },
  database_unavailable: {
    status: 503,
    message: "The database has no free connection right now. Try again in a few seconds.",
  },
  database_in_use: {
    status: 503,
    message:
      "The database is held by another server process (a restart in progress?). Try again in a few seconds.",
  },
  database_schema_outdated: {
    status: 503,
    message: "The database schema is older than this version of the app.",
  },
  // The projects service behind GET /api/projects (lib/upstream/errors.ts writes their messages). Never
  // 401/403, which would read as "your own session failed".
  upstream_not_configured: { status: 503, message: "The projects service is not configured." },
  upstream_unauthorized: { status: 502, message: "The service rejected the API key." },
  upstream_forbidden: { status: 502, message: "The service refused access." },
  upstream_not_found: { status: 502, message: "The service answered 404." },
  upstream_bad_response: { status: 502, message: "The service answered unexpectedly." },
  upstream_rate_limited: { status: 503, message: "The service's rate limit was reached." },
  upstream_budget_exhausted: { status: 503, message: "The console's call budget is spent." },
  upstream_unavailable: { status: 502, message: "The service is having trouble." },
  upstream_unreachable: { status: 502, message: "Could not reach the service." },
  upstream_plain_http: { status: 502, message: "The service refused a call over plain HTTP." },
  upstream_timeout: { status: 504, message: "The service did not answer in time." },
  upstream_malformed_json: { status: 502, message: "The service answered malformed JSON." },
  upstream_bad_shape: { status: 502, message: "The service's answer was not a list of projects." },
} as const satisfies Record<string, { status: number; message: string }>;

export type ApiErrorCode = keyof typeof API_ERRORS;

export type UpstreamErrorCode = Extract<ApiErrorCode, `upstream_${string}`>;

export function isApiErrorCode(code: string): code is ApiErrorCode {
  return Object.hasOwn(API_ERRORS, code);
}

export function statusOf(code: ApiErrorCode): number {
  return API_ERRORS[code].status;
}
