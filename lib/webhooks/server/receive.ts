import "server-only";
import { after, NextResponse, type NextRequest } from "next/server";
import type { z } from "@/lib/zod";
import { ApiError, errorJson } from "@/lib/api/errors";
import type { receiverAnswerSchema } from "@/lib/webhooks/shared/answer-schemas";
import { delay } from "@/lib/delay";
import { handleRoute, type RouteHandler } from "@/lib/api/handler";
import { clientAddress, proxyTrust } from "@/lib/http/client-address";
import { API_CONTENT_SECURITY_POLICY, setSecurityHeaders } from "@/lib/http/security-headers";
import { enforceCount, rateLimited, windowOf, type RateWindow } from "@/lib/rate-limit/window";
import { evaluateAfterDeliveryLogged } from "@/lib/alerts/evaluate/after-delivery";
import { analyzeBody, type Finding } from "./analyze";
import { insertDelivery, type NewDelivery, type StoredAttempt } from "./delivery-store";
import {
  DEFAULT_ENDPOINT_ID,
  ENDPOINT_ID_PATTERN,
  ensureDefaultEndpoint,
  resolveSecret,
} from "./endpoint-store";
import { recordEventShapeAfterStore } from "./event-shapes/record";
import { resolvePreviousSecret } from "./previous-secret";
import { declaredLengthTooLarge, readBodyWithLimit } from "./read-body";
import { claimAnswerStep, type ClaimedStep } from "./answer-sequence-store";
import {
  lockScheme,
  countAtEndpoint,
  storeIfUnchanged,
  type EndpointSnapshot,
  type ReceiptEndpoint,
} from "./receipt-store";
import { redactedHeaders, requestQuery } from "@/lib/webhooks/shared/request-meta";
import { edgeFacts } from "@/lib/http/edge-facts";
import { pruneDue, runPrune } from "./retention";
import { webhookContext, type WebhookContext } from "./server-context";
import { verifyDelivery } from "./verify";
import { NO_BODY_STATUSES } from "@/lib/webhooks/shared/answer-sequence";

function tooLarge(maxBytes: number): ApiError {
  return new ApiError(
    "payload_too_large",
    `The body is larger than ${maxBytes} bytes (WEBHOOK_MAX_BODY_BYTES); it was not stored.`,
  );
}

function unknownEndpoint(): ApiError {
  return new ApiError("unknown_endpoint");
}

/**
 * countAtEndpoint for an endpoint that must exist: the default endpoint is created on first use, any other
 * unknown id is a 404.
 */
async function countAtExistingEndpoint(
  ctx: WebhookContext,
  endpointId: string,
  windowStart: Date,
): Promise<ReceiptEndpoint> {
  let endpoint = await countAtEndpoint(ctx.db, endpointId, windowStart);
  if (!endpoint && endpointId === DEFAULT_ENDPOINT_ID) {
    await ensureDefaultEndpoint(ctx.db);
    endpoint = await countAtEndpoint(ctx.db, endpointId, windowStart);
  }
  if (!endpoint) throw unknownEndpoint();
  return endpoint;
}

/**
 * Each endpoint's receipt columns as this server instance last read them, so that the common path needs
 * no lookup: storeIfUnchanged stores only while the row still holds them, so a stale entry (changed in the
 * console, or by another instance) costs one extra round trip and is never acted on. Only endpoints that
 * exist are remembered, so probing ids cannot grow it; the cap is for an absurd number of real endpoints.
 */
const knownEndpoints = new Map<string, EndpointSnapshot>();
const MAX_KNOWN_ENDPOINTS = 1000;

function remember(endpoint: EndpointSnapshot) {
  if (knownEndpoints.size >= MAX_KNOWN_ENDPOINTS) knownEndpoints.clear();
  knownEndpoints.set(endpoint.id, endpoint);
}

async function readBody(request: NextRequest, maxBytes: number): Promise<Buffer> {
  const read = await readBodyWithLimit(request, maxBytes);
  if (!read.ok) throw tooLarge(maxBytes);
  return read.bytes;
}

/**
 * Analyses and verifies a body received at an endpoint and decides its normal answer: the row to store and
 * the verification outcome (no database work).
 */
function assessDelivery(
  request: NextRequest,
  body: Buffer,
  endpoint: EndpointSnapshot,
  { settings, env }: WebhookContext,
  receivedAt: Date,
) {
  const contentType = request.headers.get("content-type");
  const analysis = analyzeBody(body, contentType, request.headers.get("content-encoding"));
  const { secret, unreadable } = resolveSecret(endpoint, settings);
  const verification = verifyDelivery({
    body,
    headers: request.headers,
    secret,
    lockedScheme: endpoint.lockedScheme,
    envelopeTimestamp: analysis.envelopeTimestamp,
    now: receivedAt,
    previousSecret: resolvePreviousSecret(endpoint, settings.box, receivedAt),
    decodedBody: analysis.decodedBody,
  });
  const findings: Finding[] = [...analysis.findings, ...verification.findings];
  if (unreadable) {
    findings.push({
      code: "secret_unreadable",
      message:
        "The endpoint's stored secret cannot be decrypted (SECRETS_ENCRYPTION_KEY or AUTH_SECRET changed?); set it again",
    });
  }
  const signatureAccepted =
    verification.result === "verified" || verification.result === "no_secret";
  const status = signatureAccepted || endpoint.acceptInvalidSignatures ? 200 : 401;
  const delivery: NewDelivery = {
    endpointId: endpoint.id,
    receivedAt,
    method: request.method,
    query: requestQuery(request.url, edgeFacts()?.target),
    headers: redactedHeaders(request.headers, edgeFacts()?.rawHeaders ?? null),
    clientAddress: clientAddress(request.headers, proxyTrust(env)),
    contentType,
    body,
    bodySha256: analysis.sha256,
    bodyIsText: analysis.isText,
    bodyIsJson: analysis.isJson,
    preview: analysis.preview,
    event: analysis.event,
    verification: verification.result,
    scheme: verification.scheme,
    schemeMismatch: verification.schemeMismatch,
    signedTimestamp: verification.signedTimestamp,
    findings,
    responseStatus: status,
    scripted: false,
    hangSeconds: null,
    answerStep: null,
    answerSteps: null,
  };
  return { delivery, verification, decodedBody: analysis.decodedBody };
}

interface Receipt {
  ctx: WebhookContext;
  request: NextRequest;
  endpointId: string;
  receivedAt: Date;
  window: RateWindow;
}

interface Received {
  endpoint: EndpointSnapshot;
  assessed: ReturnType<typeof assessDelivery>;
  stored: StoredAttempt;
  /** The answer-sequence step that answers this attempt, if any. */
  claimed: ClaimedStep | null;
}

/** The common path: one statement, or null (nothing counted or stored) when the endpoint has changed. */
async function storeAtKnownEndpoint(
  { ctx, request, receivedAt, window }: Receipt,
  endpoint: EndpointSnapshot,
  body: Buffer,
): Promise<Received | null> {
  const assessed = assessDelivery(request, body, endpoint, ctx, receivedAt);
  const limit = endpoint.rateLimitPerMinute ?? ctx.settings.rateLimitPerMinute;
  const outcome = await storeIfUnchanged(
    ctx.db,
    endpoint,
    window.start,
    limit,
    assessed.delivery,
    ctx.env.WEBHOOK_RETRY_WINDOW_SECONDS,
  );
  if (outcome.kind === "rate_limited") throw rateLimited("receiver", limit, window);
  if (outcome.kind === "changed") return null;
  return { endpoint, assessed, stored: outcome.stored, claimed: null };
}

/** The full path: look up and count (before reading the body, if not read yet), claim a step, store. */
async function lookUpAndStore(
  { ctx, request, endpointId, receivedAt, window }: Receipt,
  bodyRead: Buffer | undefined,
): Promise<Received> {
  const endpoint = await countAtExistingEndpoint(ctx, endpointId, window.start);
  remember(endpoint);
  const limit = endpoint.rateLimitPerMinute ?? ctx.settings.rateLimitPerMinute;
  enforceCount("receiver", endpoint.windowCount, limit, window);
  const body = bodyRead ?? (await readBody(request, ctx.env.WEBHOOK_MAX_BODY_BYTES));
  const assessed = assessDelivery(request, body, endpoint, ctx, receivedAt);
  const claimed = endpoint.answerSequenceSet
    ? await claimAnswerStep(
        ctx.db,
        endpoint.id,
        assessed.delivery.bodySha256,
        receivedAt,
        ctx.env.WEBHOOK_RETRY_WINDOW_SECONDS,
      )
    : null;
  if (claimed) assessed.delivery = answeredByStep(assessed.delivery, claimed);
  const stored = await insertDelivery(
    ctx.db,
    assessed.delivery,
    ctx.env.WEBHOOK_RETRY_WINDOW_SECONDS,
  );
  return { endpoint, assessed, stored, claimed };
}

/** The delivery as its answer-sequence step answers it (the normal status unless the step names one). */
function answeredByStep(delivery: NewDelivery, claimed: ClaimedStep): NewDelivery {
  return {
    ...delivery,
    responseStatus: claimed.step.status ?? delivery.responseStatus,
    scripted: true,
    hangSeconds: claimed.step.delaySeconds || null,
    answerStep: claimed.number,
    answerSteps: claimed.of,
  };
}

/** The headers of an answer: the step's own, and no caching unless the step says otherwise. */
function answerHeaders(claimed: ClaimedStep | null): Headers {
  const headers = new Headers();
  for (const [name, value] of claimed?.step.headers ?? []) headers.append(name, value);
  if (!headers.has("cache-control")) headers.set("Cache-Control", "no-store");
  return headers;
}

/**
 * Receives one delivery: the body is read once as bytes (refused over the size limit), analysed and
 * verified, counted against the endpoint's rate and stored in a single committed INSERT before anything is
 * answered. Retention runs after the answer. An answer sequence (set in the console) replaces the answer
 * attempt by attempt, never the storing.
 *
 * Two paths with the same outcome. When this instance knows the endpoint and it has no answer sequence,
 * counting and storing are one statement that acts only if the endpoint is unchanged (the common
 * case). Otherwise, or when it has changed, the endpoint is looked up and counted first, then stored.
 */
export async function receiveWebhook(request: NextRequest, endpointId: string): Promise<Response> {
  return receiveDelivery(await webhookContext(), request, endpointId, after);
}

/** Work the receiver leaves for after its answer (Next's `after` in the app). */
export type AfterAnswer = (task: () => Promise<void>) => void;

/** receiveWebhook with its context and its after-the-answer runner given (the unit tests give their own). */
export async function receiveDelivery(
  ctx: WebhookContext,
  request: NextRequest,
  endpointId: string,
  afterAnswer: AfterAnswer,
): Promise<Response> {
  const receivedAt = new Date();
  const { db, env } = ctx;
  const maxBytes = env.WEBHOOK_MAX_BODY_BYTES;
  if (declaredLengthTooLarge(request.headers, maxBytes)) throw tooLarge(maxBytes);
  if (!ENDPOINT_ID_PATTERN.test(endpointId)) throw unknownEndpoint();
  const receipt = {
    ctx,
    request,
    endpointId,
    receivedAt,
    window: windowOf("receiver", receivedAt),
  };

  const known = knownEndpoints.get(endpointId);
  let body: Buffer | undefined;
  let received: Received | null = null;
  if (known && !known.answerSequenceSet) {
    body = await readBody(request, maxBytes);
    received = await storeAtKnownEndpoint(receipt, known, body);
    if (!received) knownEndpoints.delete(endpointId);
  }
  received ??= await lookUpAndStore(receipt, body);
  const { endpoint, stored, claimed } = received;
  const { delivery, verification } = received.assessed;

  // A sender still on the previous secret does not teach the scheme: the new secret may come with another.
  const teachesScheme = verification.result === "verified" && !verification.previousSecret;
  if (teachesScheme && verification.scheme && !endpoint.lockedScheme) {
    await lockScheme(db, endpoint.id, verification.scheme);
    knownEndpoints.delete(endpoint.id);
  }
  // The event's inferred shape is folded in after the answer: the delivery is already committed. A gzip
  // body is profiled as decoded, like the inspector shows it.
  // The alert rules follow, in the same task: schema drift reads the shape this delivery just updated.
  const profiled = received.assessed.decodedBody ?? delivery.body;
  afterAnswer(async () => {
    const shape = await recordEventShapeAfterStore(db, {
      ...delivery,
      body: profiled,
      attempt: stored.attempt,
    });
    if (!env.ALERTS_ENABLED) return;
    await evaluateAfterDeliveryLogged(ctx, {
      ...delivery,
      id: stored.id,
      attempt: stored.attempt,
      previousSecret: verification.result === "verified" && verification.previousSecret,
      shapeMayHaveDrifted: shape?.mayHaveDrifted ?? false,
    });
  });
  if (pruneDue()) {
    afterAnswer(() =>
      runPrune(db, {
        keep: env.WEBHOOK_RETENTION_COUNT,
        days: env.WEBHOOK_RETENTION_DAYS,
        retryWindowSeconds: env.WEBHOOK_RETRY_WINDOW_SECONDS,
      }),
    );
  }
  // A step's slow answer, cut short if the sender hangs up first.
  if (claimed?.step.delaySeconds) await delay(claimed.step.delaySeconds * 1000, request.signal);

  const id = String(stored.id);
  const status = delivery.responseStatus;
  const headers = answerHeaders(claimed);
  if (NO_BODY_STATUSES.has(status)) return new Response(null, { status, headers });
  if (claimed && claimed.step.body !== null) {
    if (!headers.has("content-type")) headers.set("Content-Type", "text/plain; charset=utf-8");
    return new Response(claimed.step.body, { status, headers });
  }
  if (status === 401 && !claimed) {
    const code =
      verification.result === "missing_signature" ? "missing_signature" : "invalid_signature";
    return errorJson(code, undefined, { extra: { id } });
  }
  const payload = {
    received: true,
    id,
    attempt: stored.attempt,
    ...(claimed ? { scripted: true as const, step: claimed.number } : {}),
  } satisfies z.input<typeof receiverAnswerSchema>;
  return NextResponse.json(payload, { status, headers });
}

/**
 * A receiver route: errors mapped like every API route's, and the security headers set here, because
 * proxy.ts does not run for the receiver's addresses (its matcher says why).
 */
export function receiverRoute<P>(handler: RouteHandler<P>): RouteHandler<P> {
  const handle = handleRoute(handler);
  return async (request, context) => {
    const response = await handle(request, context);
    setSecurityHeaders(response.headers, API_CONTENT_SECURITY_POLICY);
    return response;
  };
}

/** The receiver accepts POST only; anything else is told so in the API's error shape. */
export function methodNotAllowed(): Response {
  const response = errorJson("method_not_allowed", "This webhook receiver accepts POST only.", {
    headers: { Allow: "POST" },
  });
  setSecurityHeaders(response.headers, API_CONTENT_SECURITY_POLICY);
  return response;
}
