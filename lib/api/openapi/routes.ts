import { z } from "@/lib/zod";
import {
  alertIssueActionSchema,
  alertIssueAnswerSchema,
  alertIssueParamsSchema,
  alertIssuesAnswerSchema,
  alertOpenCountSchema,
  alertRuleAnswerSchema,
  alertRulesAnswerSchema,
  alertRuleUpdateSchema,
} from "@/lib/alerts/api-schemas";
import {
  channelListSchema,
  channelParamsSchema,
  channelSchema,
  channelTestAnswerSchema,
  createChannelSchema,
  createdChannelSchema,
  updateChannelSchema,
} from "@/lib/alerts/channels/schemas";
import type { ApiErrorCode } from "@/lib/api/error-codes";
import {
  accessTokenListSchema,
  accessTokenParamsSchema,
  createAccessTokenSchema,
  createdAccessTokenSchema,
} from "@/lib/auth/access-token-schemas";
import {
  forwardAnswerSchema,
  forwardSchema,
  forwardsAnswerSchema,
  listenersAnswerSchema,
} from "@/lib/listen/api-schemas";
import {
  connectionHealthSchema,
  connectionStatusSchema,
  saveKeySchema,
} from "@/lib/connection/schema";
import { projectsQuerySchema, projectsResponseSchema } from "@/lib/projects/schema";
import { announcedCheckAnswerSchema, observedAnswerSchema } from "@/lib/upstream/observed/schemas";
import {
  clearedDeliveriesSchema,
  deliveriesPageSchema,
  deliveryAnswerSchema,
  deliveryCountsSchema,
  diagnosisAnswerSchema,
  endpointAnswerSchema,
  endpointListSchema,
  eventShapesAnswerSchema,
  receiverAnswerSchema,
  retryBehaviourAnswerSchema,
  signedBodySchema,
  testDeliveryAnswerSchema,
  waitAnswerSchema,
} from "@/lib/webhooks/shared/answer-schemas";
import { waitQuerySchema } from "@/lib/webhooks/shared/wait";
import {
  createEndpointSchema,
  deliveriesQuerySchema,
  deliveryCountsQuerySchema,
  deliveryParamsSchema,
  endpointParamsSchema,
  receiverParamsSchema,
  signBodySchema,
  testDeliverySchema,
  updateEndpointSchema,
} from "@/lib/webhooks/shared/api-schemas";
import {
  checkHistoryQuerySchema,
  checkParamsSchema,
  checkRequestSchema,
  checkRunAnswerSchema,
  checkRunsAnswerSchema,
} from "@/lib/webhooks/shared/check/check-schema";
import {
  eventShapesOpenApiQuerySchema,
  eventShapesQuerySchema,
  retryBehaviourQuerySchema,
} from "@/lib/webhooks/shared/insight-schemas";
import {
  replayAnswerSchema,
  replayRequestSchema,
} from "@/lib/webhooks/shared/replay/replay-schema";
import {
  compareAnswerSchema,
  compareQuerySchema,
} from "@/lib/webhooks/shared/compare/compare-schema";
import {
  createdShareSchema,
  createShareSchema,
  revokedShareSchema,
  shareListSchema,
  shareParamsSchema,
} from "@/lib/webhooks/shared/share/share-schemas";

/**
 * Every route of the console API, as /api/openapi.json documents it (./document.ts builds the document from
 * this list; /docs/api renders it). The schemas are the very ones the route passes to `consoleRoute`:
 * tests/unit/openapi-routes.test.ts fails when a route exists that this list lacks, or when an entry's
 * schemas are not the route's own. Adding a route to the document is one entry here.
 *
 * What every entry gets without saying it (./document.ts): the security schemes (an access token or a
 * session; the receiver: none), the scope (`read` for GET, `write` for anything else: lib/auth/scopes.ts,
 * enforced by method in consoleRoute), and the error answers every console route can give (401, 403
 * `insufficient_scope`, 429, 500, 503; 400 for params, query and body; 413 for a body). `errors` lists only
 * what this route adds.
 */
export interface ApiOperation {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** The OpenAPI path: `{id}` for a `[id]` segment. */
  path: `/api/${string}`;
  /** The reference page's group. */
  tag: ApiTag;
  summary: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The JSON answer on success. */
  answer?: z.ZodType;
  /** The success status: 200 unless given; 204 has no body. */
  status?: 200 | 201 | 204;
  /** A success answer that is not JSON (a download, a stream). */
  media?: { type: string; description: string };
  /** The error codes this route adds to the common ones. */
  errors?: ApiErrorCode[];
  /** The receiver: no session, no token, signature-checked instead. */
  public?: true;
}

/** `GET /api/openapi.json`: the document itself, described by the OpenAPI 3.1 schema, not here. */
export const openApiAnswerSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({}),
  paths: z.looseObject({}),
});

export const API_TAGS = {
  Deliveries: "Stored webhook deliveries: list, search, read, export, delete, replay.",
  Endpoints: "Receiver endpoints: their secrets (write-only), answer sequences, test sends.",
  Insights: "What the deliveries say about the sender: each event's inferred shape, its retries.",
  Checks: "Check a handler: grade a webhook handler on 11 cases.",
  Listen: "`project-console listen`: the live stream, listeners and what they forwarded.",
  "Access tokens": "The tokens machines use (created signed in, in Settings → Access tokens).",
  Alerts: "Alert issues (acknowledge, resolve) and the rules that open them (admins change rules).",
  "Alert channels":
    "Where alerts go: Slack-compatible webhooks, signed webhooks, email. Secrets are write-only.",
  Projects: "The workspace's projects, from the service's shared snapshot.",
  Connection:
    "The service's API as the console sees it: the key's state, the budget, the calls, what it was observed doing, its announced endpoints; the key.",
  Receiver: "Where the service sends its webhooks: public, verified by signature.",
  Reference: "This document.",
} as const;
export type ApiTag = keyof typeof API_TAGS;

const receiverErrors: ApiErrorCode[] = [
  "missing_signature",
  "invalid_signature",
  "unknown_endpoint",
  "payload_too_large",
  "rate_limited",
];

export const API_OPERATIONS: readonly ApiOperation[] = [
  // Deliveries
  {
    method: "GET",
    path: "/api/webhooks/deliveries",
    tag: "Deliveries",
    summary: "List deliveries",
    description:
      "Newest first, filtered (endpoint, event, verification, since/until, q) and paged with opaque cursors: `before=` pages back, `after=` answers only what arrived since (poll with the `nextCursor` it gives).",
    query: deliveriesQuerySchema,
    answer: deliveriesPageSchema,
    errors: ["invalid_cursor"],
  },
  {
    method: "GET",
    path: "/api/webhooks/deliveries/counts",
    tag: "Deliveries",
    summary: "Count deliveries per filter value",
    description:
      "How many deliveries each event and verification result would show, each facet counted with the other filters applied.",
    query: deliveryCountsQuerySchema,
    answer: deliveryCountsSchema,
  },
  {
    method: "GET",
    path: "/api/webhooks/deliveries/export",
    tag: "Deliveries",
    summary: "Export deliveries as NDJSON",
    description:
      "The deliveries the filters select, one JSON object per line (a delivery's detail).",
    query: deliveryCountsQuerySchema,
    media: {
      type: "application/x-ndjson",
      description: "One delivery detail per line, newest first.",
    },
  },
  {
    method: "GET",
    path: "/api/webhooks/deliveries/wait",
    tag: "Deliveries",
    summary: "Wait for a delivery",
    description:
      "The first delivery matching the filters received after `after` (default: the call), or 408 `wait_timeout` after `timeout` seconds. For CI: trigger something in the service, then wait (docs/listen.md#wait-in-ci).",
    query: waitQuerySchema,
    answer: waitAnswerSchema,
    errors: ["wait_timeout", "invalid_cursor", "unknown_endpoint"],
  },
  {
    method: "GET",
    path: "/api/webhooks/deliveries/compare",
    tag: "Deliveries",
    summary: "Compare two deliveries",
    description:
      "`a` before, `b` after: the body by JSON path (added, removed, changed, with both values; line by line when either is not JSON), the headers by name, and both verdicts (verification, signature diagnosis, answer). At most 2,000 changes or lines.",
    query: compareQuerySchema,
    answer: compareAnswerSchema,
    errors: ["not_found"],
  },
  {
    method: "GET",
    path: "/api/webhooks/deliveries/{id}",
    tag: "Deliveries",
    summary: "Get a delivery",
    description:
      "Everything stored about one delivery: its exact bytes, headers, verification, findings and retry group.",
    params: deliveryParamsSchema,
    answer: deliveryAnswerSchema,
    errors: ["not_found"],
  },
  {
    method: "DELETE",
    path: "/api/webhooks/deliveries/{id}",
    tag: "Deliveries",
    summary: "Delete a delivery",
    params: deliveryParamsSchema,
    status: 204,
    errors: ["not_found"],
  },
  {
    method: "GET",
    path: "/api/webhooks/deliveries/{id}/diagnosis",
    tag: "Deliveries",
    summary: "Explain a delivery's signature",
    description:
      "Why its signature does or does not verify; never a secret or a computed signature.",
    params: deliveryParamsSchema,
    answer: diagnosisAnswerSchema,
    errors: ["not_found"],
  },
  {
    method: "POST",
    path: "/api/webhooks/deliveries/{id}/replay",
    tag: "Deliveries",
    summary: "Replay a delivery",
    description:
      "Sends the stored delivery again to a URL (exact, or re-signed), or an edited copy (`edit`: body as JSON or text, the header list to send) with the original signature kept (`exact`) or re-signed (`resign`), and answers what came back. A replay this console's receiver stores is linked to its original (`storedAs`). 10 a minute per member.",
    params: deliveryParamsSchema,
    body: replayRequestSchema,
    answer: replayAnswerSchema,
    errors: [
      "not_found",
      "invalid_body",
      "payload_too_large",
      "replay_target_refused",
      "no_secret",
    ],
  },
  {
    method: "GET",
    path: "/api/webhooks/deliveries/{id}/shares",
    tag: "Deliveries",
    summary: "List a delivery's shared links",
    description:
      "Every read-only link made for the delivery, newest first: who made it, when it expires, whether it was revoked. Never the link itself.",
    params: deliveryParamsSchema,
    answer: shareListSchema,
    errors: ["not_found"],
  },
  {
    method: "POST",
    path: "/api/webhooks/deliveries/{id}/shares",
    tag: "Deliveries",
    summary: "Share a delivery",
    description:
      "Makes a read-only link (1 to 168 hours) that needs no session. Signature and credential headers are masked unless `maskSignatures` is false; `maskedPaths` masks JSON body fields; `maskBody` hides the whole body. The `url` is answered once: only its token's hash is kept.",
    params: deliveryParamsSchema,
    body: createShareSchema,
    answer: createdShareSchema,
    errors: ["not_found"],
  },
  {
    method: "DELETE",
    path: "/api/webhooks/deliveries/{id}/shares/{shareId}",
    tag: "Deliveries",
    summary: "Revoke a shared link",
    description: "The link's page answers 404 from now on, as for an unknown link.",
    params: shareParamsSchema,
    answer: revokedShareSchema,
    errors: ["not_found"],
  },
  {
    method: "GET",
    path: "/api/webhooks/deliveries/{id}/forwards",
    tag: "Listen",
    summary: "List a delivery's forwards",
    description: "What each listener's local handler answered to this delivery, oldest first.",
    params: deliveryParamsSchema,
    answer: forwardsAnswerSchema,
  },
  {
    method: "POST",
    path: "/api/webhooks/deliveries/{id}/forwards",
    tag: "Listen",
    summary: "Report a forward",
    description:
      "A listener reports its local handler's answer to a delivery (`project-console listen` does this). Not counted against the per-token limit.",
    params: deliveryParamsSchema,
    body: forwardSchema,
    answer: forwardAnswerSchema,
    status: 201,
    errors: ["not_found"],
  },
  // Endpoints
  {
    method: "GET",
    path: "/api/webhooks/endpoints",
    tag: "Endpoints",
    summary: "List endpoints",
    description: "Secrets are write-only: an answer says whether one is set, never what it is.",
    answer: endpointListSchema,
  },
  {
    method: "POST",
    path: "/api/webhooks/endpoints",
    tag: "Endpoints",
    summary: "Create an endpoint",
    body: createEndpointSchema,
    answer: endpointAnswerSchema,
    status: 201,
  },
  {
    method: "GET",
    path: "/api/webhooks/endpoints/{id}",
    tag: "Endpoints",
    summary: "Get an endpoint",
    params: endpointParamsSchema,
    answer: endpointAnswerSchema,
    errors: ["not_found"],
  },
  {
    method: "PATCH",
    path: "/api/webhooks/endpoints/{id}",
    tag: "Endpoints",
    summary: "Change an endpoint",
    description:
      "Rename; set, replace or remove the secret (a replaced one stays accepted for 24 h); answer invalid signatures anyway; rate limit; the answer sequence (by attempt within each retry group); reset the detected scheme.",
    params: endpointParamsSchema,
    body: updateEndpointSchema,
    answer: endpointAnswerSchema,
    errors: ["not_found", "invalid_secret"],
  },
  {
    method: "DELETE",
    path: "/api/webhooks/endpoints/{id}",
    tag: "Endpoints",
    summary: "Delete an endpoint and its deliveries",
    params: endpointParamsSchema,
    status: 204,
    errors: ["not_found", "default_endpoint"],
  },
  {
    method: "DELETE",
    path: "/api/webhooks/endpoints/{id}/deliveries",
    tag: "Endpoints",
    summary: "Delete every delivery of an endpoint",
    params: endpointParamsSchema,
    answer: clearedDeliveriesSchema,
    errors: ["not_found"],
  },
  {
    method: "POST",
    path: "/api/webhooks/endpoints/{id}/sign",
    tag: "Endpoints",
    summary: "Sign a body with the endpoint's secret",
    description:
      "The headers the service would send with this body, signed in the endpoint's detected scheme; the secret never leaves the server.",
    params: endpointParamsSchema,
    body: signBodySchema,
    answer: signedBodySchema,
    errors: ["not_found", "no_secret"],
  },
  {
    method: "POST",
    path: "/api/webhooks/endpoints/{id}/test-delivery",
    tag: "Endpoints",
    summary: "Send a test delivery",
    description:
      "A signed sample event to this endpoint's own receiver, with how each attempt went.",
    params: endpointParamsSchema,
    body: testDeliverySchema,
    answer: testDeliveryAnswerSchema,
    errors: ["not_found", "no_secret", "invalid_secret"],
  },
  // Insights
  {
    method: "GET",
    path: "/api/webhooks/event-shapes",
    tag: "Insights",
    summary: "Each event's inferred data shape",
    description:
      "Per endpoint (the default one when none is named): every event seen, and one event's fields.",
    query: eventShapesQuerySchema,
    answer: eventShapesAnswerSchema,
    errors: ["not_found"],
  },
  {
    method: "GET",
    path: "/api/webhooks/event-shapes/openapi.json",
    tag: "Insights",
    summary: "The service's webhooks as OpenAPI",
    description:
      "An OpenAPI 3.1 document with one `webhooks` entry per event seen at the endpoint: the envelope, `data` from the inferred shape, each field marked `x-source` spec or inferred (docs/webhook-inspector.md). `download=1` answers it as an attachment.",
    query: eventShapesOpenApiQuerySchema,
    media: { type: "application/json", description: "An OpenAPI 3.1 document." },
    errors: ["not_found"],
  },
  {
    method: "GET",
    path: "/api/webhooks/retry-behaviour",
    tag: "Insights",
    summary: "The sender's observed retry behaviour",
    query: retryBehaviourQuerySchema,
    answer: retryBehaviourAnswerSchema,
    errors: ["not_found"],
  },
  // Checks
  {
    method: "POST",
    path: "/api/webhooks/checks",
    tag: "Checks",
    summary: "Check a handler",
    description:
      "Runs every case against a URL, answering one NDJSON line per step: `started`, one `case` per case, `finished` (or `error`). 10 a minute per member.",
    body: checkRequestSchema,
    media: {
      type: "application/x-ndjson",
      description: 'Lines `{type: "started"|"case"|"finished"|"error", …}` (docs/check.md).',
    },
    errors: [
      "check_target_refused",
      "no_secret",
      "not_found",
      "listener_not_yours",
      "listener_not_connected",
      "listener_endpoint_not_covered",
    ],
  },
  {
    method: "GET",
    path: "/api/webhooks/checks",
    tag: "Checks",
    summary: "List the checks of a target",
    query: checkHistoryQuerySchema,
    answer: checkRunsAnswerSchema,
  },
  {
    method: "GET",
    path: "/api/webhooks/checks/{id}",
    tag: "Checks",
    summary: "Get a check run",
    params: checkParamsSchema,
    answer: checkRunAnswerSchema,
    errors: ["not_found"],
  },
  // Listen
  {
    method: "GET",
    path: "/api/webhooks/stream",
    tag: "Listen",
    summary: "Stream deliveries as they arrive",
    description:
      "Server-Sent Events of every delivery as it is stored, resuming after a disconnect (docs/webhooks.md#listen-the-stream). Used by `project-console listen`.",
    media: { type: "text/event-stream", description: "One `delivery` event per stored delivery." },
  },
  {
    method: "GET",
    path: "/api/webhooks/listeners",
    tag: "Listen",
    summary: "List listeners",
    description:
      "Listen sessions seen in the last 30 days, whether each is connected now and whether it is yours.",
    answer: listenersAnswerSchema,
  },
  // Access tokens
  {
    method: "GET",
    path: "/api/tokens",
    tag: "Access tokens",
    summary: "List access tokens",
    description: "Your tokens (an admin's answer: everyone's, with owners). Never a token itself.",
    answer: accessTokenListSchema,
  },
  {
    method: "POST",
    path: "/api/tokens",
    tag: "Access tokens",
    summary: "Create an access token",
    description: "Signed in only: a token cannot create tokens. The token is in this answer only.",
    body: createAccessTokenSchema,
    answer: createdAccessTokenSchema,
    status: 201,
    errors: ["session_required"],
  },
  {
    method: "DELETE",
    path: "/api/tokens/{id}",
    tag: "Access tokens",
    summary: "Revoke an access token",
    description:
      "At once. Your own (an admin: any); another member's answers 404, like a missing one.",
    params: accessTokenParamsSchema,
    status: 204,
    errors: ["not_found"],
  },
  // Alerts
  {
    method: "GET",
    path: "/api/alerts/issues",
    tag: "Alerts",
    summary: "List alert issues",
    description:
      "Open and acknowledged issues (newest activity first), the latest resolved ones, each with its timeline, and the open count.",
    answer: alertIssuesAnswerSchema,
  },
  {
    method: "GET",
    path: "/api/alerts/issues/count",
    tag: "Alerts",
    summary: "Count open alert issues",
    description: "Open issues (not acknowledged, not resolved): the count the header shows.",
    answer: alertOpenCountSchema,
  },
  {
    method: "PATCH",
    path: "/api/alerts/issues/{id}",
    tag: "Alerts",
    summary: "Acknowledge or resolve an alert issue",
    description:
      '`acknowledged`: someone is on it (no more "grew" notifications). `resolved`: closed by you; the next occurrence opens a new issue.',
    params: alertIssueParamsSchema,
    body: alertIssueActionSchema,
    answer: alertIssueAnswerSchema,
    errors: ["not_found"],
  },
  {
    method: "GET",
    path: "/api/alerts/rules",
    tag: "Alerts",
    summary: "List alert rules",
    description:
      "Every endpoint's rules and the service's API rule, with their thresholds as they apply now.",
    answer: alertRulesAnswerSchema,
  },
  {
    method: "PATCH",
    path: "/api/alerts/rules",
    tag: "Alerts",
    summary: "Change an alert rule",
    description:
      "Admins only. Turns one rule of one scope on or off and sets its thresholds; each is checked (a negative threshold is a 400 naming it).",
    body: alertRuleUpdateSchema,
    answer: alertRuleAnswerSchema,
    errors: ["forbidden", "not_found"],
  },
  // Connection
  {
    method: "GET",
    path: "/api/connection",
    tag: "Connection",
    summary: "The connection to the service",
    description:
      "The key's state in words, the shared call budget, the last 100 calls to the service and the snapshot, from what the console recorded: it costs no call to the service. Never the key: its last four characters.",
    answer: connectionStatusSchema,
  },
  {
    method: "GET",
    path: "/api/connection/health",
    tag: "Connection",
    summary: "The connection's health",
    description:
      "healthy, stale, failing or unknown, with the state's headline: what the header's dot shows.",
    answer: connectionHealthSchema,
  },
  {
    method: "POST",
    path: "/api/connection/key",
    tag: "Connection",
    summary: "Set or rotate the API key",
    description:
      "Admins, signed in. The key is tested with one call to the service (counted in its budget, logged as a key test) and saved, encrypted, only when the service answers with the projects; every instance uses it from its next call.",
    body: saveKeySchema,
    answer: connectionStatusSchema,
    errors: ["session_required", "forbidden", "api_key_rejected"],
  },
  {
    method: "DELETE",
    path: "/api/connection/key",
    tag: "Connection",
    summary: "Use the environment's key",
    description: "Admins, signed in. Forgets the saved key: PROJECTS_API_KEY applies again.",
    answer: connectionStatusSchema,
    errors: ["session_required", "forbidden", "no_environment_key"],
  },
  // Alert channels
  {
    method: "GET",
    path: "/api/alerts/channels",
    tag: "Alert channels",
    summary: "List alert channels",
    description:
      "Every channel with how its sends go (last success, last error, recent sends). A Slack URL or signing secret only as `secretHint` (the URL's host or the secret's prefix, and the last 4).",
    answer: channelListSchema,
  },
  {
    method: "POST",
    path: "/api/alerts/channels",
    tag: "Alert channels",
    summary: "Add an alert channel",
    description:
      "Admins. The URL must pass the address guard (public addresses only unless ALLOW_PRIVATE_REPLAY_TARGETS). A signed webhook without `secret` gets one, in this answer only.",
    body: createChannelSchema,
    answer: createdChannelSchema,
    status: 201,
    errors: ["forbidden", "alert_channel_target_refused"],
  },
  {
    method: "PATCH",
    path: "/api/alerts/channels/{id}",
    tag: "Alert channels",
    summary: "Change an alert channel",
    description:
      "Admins. Rename, enable or disable; replace its URL, signing secret or recipients.",
    params: channelParamsSchema,
    body: updateChannelSchema,
    answer: channelSchema,
    errors: ["forbidden", "not_found", "alert_channel_target_refused"],
  },
  {
    method: "DELETE",
    path: "/api/alerts/channels/{id}",
    tag: "Alert channels",
    summary: "Remove an alert channel",
    description: "Admins. Its send records go with it; notifications stay for the other channels.",
    params: channelParamsSchema,
    status: 204,
    errors: ["forbidden", "not_found"],
  },
  {
    method: "POST",
    path: "/api/alerts/channels/{id}/test",
    tag: "Alert channels",
    summary: "Send a test alert",
    description:
      "Admins. A `test` notification to this channel alone, tried now: the answer says whether it was sent or why not (a failed try is retried after 30 s and 2 min).",
    params: channelParamsSchema,
    answer: channelTestAnswerSchema,
    errors: ["forbidden", "not_found", "invalid_body"],
  },
  // Projects
  {
    method: "GET",
    path: "/api/projects",
    tag: "Projects",
    summary: "List the workspace's projects",
    description:
      "The shared snapshot of the service's projects (200 even when stale: `stale` says so), with a strong ETag: send If-None-Match for a 304. `refresh=1` asks the service now, within its call budget.",
    query: projectsQuerySchema,
    answer: projectsResponseSchema,
    errors: [
      "upstream_not_configured",
      "upstream_unauthorized",
      "upstream_forbidden",
      "upstream_not_found",
      "upstream_bad_response",
      "upstream_rate_limited",
      "upstream_budget_exhausted",
      "upstream_unavailable",
      "upstream_unreachable",
      "upstream_timeout",
      "upstream_malformed_json",
      "upstream_bad_shape",
    ],
  },
  // Connection
  {
    method: "GET",
    path: "/api/connection/observed",
    tag: "Connection",
    summary: "What the service was observed doing",
    description:
      "Facts the spec leaves unsaid, each with first and last seen and how often: the projects answers' status strings, nulls, list sizes, headers, statuses; the webhooks' signature scheme, retries and event names; the announced endpoints' watch. Reads what the console recorded: no call to the service.",
    answer: observedAnswerSchema,
  },
  {
    method: "POST",
    path: "/api/connection/observed/check",
    tag: "Connection",
    summary: "Check the announced endpoints now",
    description:
      "Admins. Calls the announced read endpoints once each, within the shared call budget (only while 10 calls of the minute stay free); never the announced writes. `outcome` is `busy` while another check runs.",
    answer: announcedCheckAnswerSchema,
    errors: ["forbidden"],
  },
  {
    method: "GET",
    path: "/api/openapi.json",
    tag: "Reference",
    summary: "This API's OpenAPI 3.1 document",
    description: "Rendered for people at /docs/api.",
    answer: openApiAnswerSchema,
  },
  // Receiver
  {
    method: "POST",
    path: "/api/webhooks/receive",
    tag: "Receiver",
    summary: "Receive a delivery (default endpoint)",
    description:
      "The service's webhooks, stored exactly as they arrive and verified against every plausible signature scheme. Any body; an endpoint's script may answer another status.",
    answer: receiverAnswerSchema,
    errors: receiverErrors,
    public: true,
  },
  {
    method: "POST",
    path: "/api/webhooks/receive/{endpointId}",
    tag: "Receiver",
    summary: "Receive a delivery (an endpoint created in the console)",
    description: "As the default receiver, verified with this endpoint's own secret.",
    params: receiverParamsSchema,
    answer: receiverAnswerSchema,
    errors: receiverErrors,
    public: true,
  },
];
