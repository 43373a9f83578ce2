import { delay } from "../../delay";
import type { WebhookEnvelope } from "@/lib/webhooks/shared/envelope-schema";
import {
  DEFAULT_SCHEME,
  parseSchemeId,
  schemeId,
  signatureHeaders,
  type SignatureScheme,
} from "@/lib/signing";

/**
 * The webhook sender, as the spec's delivery rules say (section 6): POST of the JSON envelope, HMAC-SHA256 in
 * X-Webhook-Signature, 3 attempts with exponential backoff, 10 s timeout per attempt. Where the spec is silent
 * this sender chooses, and says so:
 * - an attempt fails on a non-2xx answer (redirects are not followed, so 3xx fails too), a timeout or a
 *   connection error; the answer's body is read (and discarded) within the same timeout;
 * - backoff: attempt n+1 starts `backoffBaseMs * 2^(n-1)` after attempt n failed (default base 1 s: 1 s, 2 s);
 * - every attempt sends the same body bytes (so a receiver can recognise retries by their hash); a signature
 *   over `timestamp.body` is made afresh per attempt with the Unix time in seconds, sent in X-Webhook-Timestamp.
 * Shared by the simulator and the app's own test deliveries: no server-only, no lib/env; every input is an
 * argument. The secret is never put in a result, an error or a log line.
 */

export const DEFAULT_ATTEMPTS = 3;
export const DEFAULT_BACKOFF_BASE_MS = 1_000;
export const DEFAULT_TIMEOUT_MS = 10_000;
export const SENDER_USER_AGENT = "ProjectService-Webhooks/1.0";

export interface SendOptions {
  url: string;
  secret: string;
  /** A scheme, or its id such as "timestamp.body/base64/sha256=/raw" (default "body/hex/none/raw"). */
  scheme?: SignatureScheme | string;
  attempts?: number;
  backoffBaseMs?: number;
  timeoutMs?: number;
  /** Stops waiting and sending (e.g. on shutdown); the result holds the attempts made until then. */
  signal?: AbortSignal;
  /**
   * Headers sent with every attempt besides the signed ones, e.g. the Vercel Deployment Protection bypass
   * for a test delivery to the app itself. They cannot replace a signed header.
   */
  extraHeaders?: Record<string, string>;
  /** Called as each attempt ends, e.g. to log progress. */
  onAttempt?: (attempt: DeliveryAttempt) => void;
}

export interface DeliveryAttempt {
  /** 1-based attempt number. */
  n: number;
  /** The answer's status, when one came. */
  status?: number;
  /** Why the attempt failed without a status (timeout, connection refused...). */
  error?: string;
  /** Duration of the attempt in milliseconds. */
  ms: number;
  /** When the attempt started (ISO 8601). */
  startedAt: string;
}

export interface DeliveryResult {
  event: string;
  /** The exact body sent by every attempt. */
  body: string;
  scheme: string;
  attempts: DeliveryAttempt[];
  delivered: boolean;
}

/** The spec's timestamp format, `YYYY-MM-DDTHH:MM:SSZ`. */
export function webhookTimestamp(date = new Date()): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

export function buildEnvelope(
  event: string,
  data: Record<string, unknown>,
  timestamp = webhookTimestamp(),
): WebhookEnvelope {
  return { event, data, timestamp };
}

export function resolveScheme(scheme: SignatureScheme | string | undefined): SignatureScheme {
  if (scheme === undefined) return DEFAULT_SCHEME;
  if (typeof scheme !== "string") return scheme;
  const parsed = parseSchemeId(scheme);
  if (!parsed) throw new Error(`Unknown signature scheme "${scheme}".`);
  return parsed;
}

/** The headers of one attempt. */
export function signedHeaders(
  body: Buffer | string,
  secret: string,
  scheme: SignatureScheme,
  unixSeconds = Math.floor(Date.now() / 1000),
): Record<string, string> {
  return {
    "content-type": "application/json",
    "user-agent": SENDER_USER_AGENT,
    ...signatureHeaders(body, secret, scheme, unixSeconds),
  };
}

/** A short, secret-free reason for a failed fetch. */
export function describeFetchError(error: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `timeout after ${timeoutMs} ms`;
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const code = cause?.code;
  const known: Record<string, string> = {
    ECONNREFUSED: "connection refused",
    ECONNRESET: "connection reset",
    ENOTFOUND: "host not found",
    EAI_AGAIN: "host lookup failed",
    UND_ERR_SOCKET: "connection closed by the receiver",
    EHOSTUNREACH: "host unreachable",
  };
  if (code && known[code]) return `${known[code]} (${code})`;
  if (error instanceof Error && error.name === "AbortError") return "aborted";
  return cause?.message ?? (error instanceof Error ? error.message : String(error));
}

async function attemptOnce(
  n: number,
  body: string,
  options: SendOptions,
  scheme: SignatureScheme,
): Promise<DeliveryAttempt> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const ms = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(options.url, {
      method: "POST",
      body,
      headers: { ...options.extraHeaders, ...signedHeaders(body, options.secret, scheme) },
      redirect: "manual",
      signal,
    });
    // The answer's body is not needed, but reading it frees the connection and keeps the timeout honest.
    await response.arrayBuffer();
    return { n, status: response.status, ms: ms(), startedAt };
  } catch (error) {
    return { n, error: describeFetchError(error, timeout.aborted, timeoutMs), ms: ms(), startedAt };
  }
}

const succeeded = (attempt: DeliveryAttempt) =>
  attempt.status !== undefined && attempt.status >= 200 && attempt.status < 300;

/** Delivers one envelope: up to `attempts` tries, backing off exponentially between failures. */
export async function sendWebhook(
  envelope: WebhookEnvelope,
  options: SendOptions,
): Promise<DeliveryResult> {
  const scheme = resolveScheme(options.scheme);
  const body = JSON.stringify(envelope);
  // A secret that cannot sign in this scheme is a caller's mistake, not a failed attempt: throw at once.
  signedHeaders(body, options.secret, scheme);
  const attempts: DeliveryAttempt[] = [];
  const total = options.attempts ?? DEFAULT_ATTEMPTS;
  const base = options.backoffBaseMs ?? DEFAULT_BACKOFF_BASE_MS;
  for (let n = 1; n <= total; n++) {
    if (n > 1) await delay(base * 2 ** (n - 2), options.signal);
    if (options.signal?.aborted) break;
    const attempt = await attemptOnce(n, body, options, scheme);
    attempts.push(attempt);
    options.onAttempt?.(attempt);
    if (succeeded(attempt)) break;
  }
  return {
    event: envelope.event,
    body,
    scheme: schemeId(scheme),
    attempts,
    delivered: attempts.some(succeeded),
  };
}
