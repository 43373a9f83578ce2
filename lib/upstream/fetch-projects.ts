import "server-only";
import type { UpstreamConfig } from "./config";
import { UpstreamError, upstreamErrors } from "./errors";
import { validateProjects, type ValidatedProjects } from "./validate";
import { delay } from "@/lib/delay";
import type { ObservedAnswer } from "./observed/observe-answer";

export interface FetchProjectsOptions {
  config: UpstreamConfig;
  /**
   * Called before every attempt, retries included: takes one call from the shared budget, or throws an
   * UpstreamError (budget exhausted, Retry-After pending) so that no call is made.
   */
  reserveCall: () => Promise<void>;
  /** Called when the service answered 429, with the seconds it asked us to wait. */
  onRateLimited: (retryAfterSeconds: number) => Promise<void>;
  /** Told about every call made (each retry included), whatever its outcome: the call log. */
  onCall?: (call: CallRecord) => Promise<void>;
  /** Injectable for tests; Math.random by default. */
  random?: () => number;
  /** Handed every answer as it arrived (lib/upstream/observed); must return at once. */
  observe?: (answer: ObservedAnswer) => void;
}

/** One call to the service as Settings → Connection lists it (lib/connection/call-log.ts). */
export interface CallRecord {
  /** The HTTP status, or null when no answer came. */
  status: number | null;
  /** `ok`, or the upstream error code this call ended with. */
  outcome: string;
  durationMs: number;
  bytes: number | null;
  retryAfter: string | null;
}

/** Four attempts at most: each one spends a call of the shared budget. */
export const MAX_ATTEMPTS = 4;
/** Used when a 429 carries no usable Retry-After: the length of the service's rate window. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;
const MAX_RETRY_AFTER_SECONDS = 3600;

/** `Retry-After` is either whole seconds or an HTTP date (RFC 9110). */
export function parseRetryAfter(header: string | null, now = Date.now()): number {
  if (!header) return DEFAULT_RETRY_AFTER_SECONDS;
  const trimmed = header.trim();
  let seconds: number;
  if (/^\d+$/.test(trimmed)) seconds = Number(trimmed);
  else {
    const date = Date.parse(trimmed);
    if (Number.isNaN(date)) return DEFAULT_RETRY_AFTER_SECONDS;
    seconds = Math.ceil((date - now) / 1000);
  }
  return Math.min(Math.max(seconds, 1), MAX_RETRY_AFTER_SECONDS);
}

function networkCause(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (cause && typeof cause.code === "string") return cause.code;
  if (cause && typeof cause.message === "string") return cause.message.slice(0, 80);
  return error instanceof Error ? error.message.slice(0, 80) : "network error";
}

/** A 2xx answer's body as JSON, parsed once for `outcomeOf` and the observer; undefined when it is not JSON. */
function parsedBody(status: number, body: string): unknown {
  if (status < 200 || status >= 300) return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/** What one answer means: the projects, or the error it is (a 5xx is retried by the caller). */
function outcomeOf(
  response: Response,
  body: string,
  parsed: unknown,
  config: UpstreamConfig,
  attempt: number,
): ValidatedProjects | UpstreamError {
  const { status } = response;
  if (status === 429)
    return upstreamErrors.rateLimited(parseRetryAfter(response.headers.get("retry-after")));
  // The spec rejects plain HTTP without naming the status; a redirect or 426 to a plain-HTTP address is that.
  if (config.baseUrl?.startsWith("http:") && ((status >= 300 && status < 400) || status === 426)) {
    return upstreamErrors.plainHttp(status);
  }
  if (status < 200 || status >= 300)
    return upstreamErrors.status(status, body, config.apiKey, attempt);
  if (parsed === undefined) return upstreamErrors.malformedJson();
  try {
    return validateProjects(parsed);
  } catch (error) {
    if (error instanceof UpstreamError) return error;
    throw error;
  }
}

/**
 * One refresh of the projects list: GET {base}/projects with the Bearer key, a timeout per attempt and an
 * overall deadline. 5xx answers, timeouts and network errors are retried with exponential backoff and full
 * jitter while the deadline allows; everything else is final. Never throws anything but UpstreamError.
 */
export async function fetchProjects(options: FetchProjectsOptions): Promise<ValidatedProjects> {
  const { config, reserveCall, onRateLimited, onCall, random = Math.random } = options;
  if (!config.baseUrl || !config.apiKey) throw upstreamErrors.notConfigured();

  const url = `${config.baseUrl}/projects`;
  const deadline = Date.now() + config.deadlineMs;
  let lastFailure: UpstreamError | undefined;

  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    if (attempt > 1) {
      const backoff = random() * config.backoffBaseMs * 2 ** (attempt - 2);
      // Not worth starting an attempt that could not get a meaningful share of the time left.
      if (Date.now() + backoff + 100 >= deadline) break;
      await delay(backoff);
    }
    const remaining = deadline - Date.now();
    if (remaining <= 0) break;

    try {
      await reserveCall();
    } catch (error) {
      // Out of budget half-way through retries: the service's failure is the news, not our limit.
      throw lastFailure ?? error;
    }

    const timeoutMs = Math.min(config.attemptTimeoutMs, remaining);
    const started = performance.now();
    const record = async (
      status: number | null,
      outcome: string,
      bytes: number | null,
      retryAfter: string | null,
    ) => {
      const durationMs = Math.round(performance.now() - started);
      // The log is for people; a failure to write it must never fail the refresh.
      await onCall?.({ status, outcome, durationMs, bytes, retryAfter }).catch(() => {});
    };
    let response: Response;
    let body: string;
    let parsed: unknown;
    try {
      response = await fetch(url, {
        headers: { Authorization: `Bearer ${config.apiKey}`, Accept: "application/json" },
        // A redirect could carry the key to another host: treat it as an unexpected answer instead.
        redirect: "manual",
        cache: "no-store",
        signal: AbortSignal.timeout(timeoutMs),
      });
      body = await response.text();
      parsed = parsedBody(response.status, body);
      options.observe?.({ status: response.status, headers: response.headers, body, parsed });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      lastFailure = timedOut
        ? upstreamErrors.timeout(timeoutMs, attempt)
        : upstreamErrors.unreachable(networkCause(error), attempt);
      await record(null, lastFailure.code, null, null);
      continue;
    }

    const outcome = outcomeOf(response, body, parsed, config, attempt);
    await record(
      response.status,
      outcome instanceof UpstreamError ? outcome.code : "ok",
      Buffer.byteLength(body),
      response.headers.get("retry-after")?.slice(0, 100) ?? null,
    );
    if (outcome instanceof UpstreamError) {
      if (outcome.code === "upstream_rate_limited") {
        await onRateLimited(outcome.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS);
        throw outcome;
      }
      if (response.status >= 500) {
        lastFailure = outcome;
        continue;
      }
      throw outcome;
    }
    return outcome;
  }

  throw lastFailure ?? upstreamErrors.timeout(config.deadlineMs, 0);
}
