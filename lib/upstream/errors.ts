import "server-only";
import type { z } from "@/lib/zod";
import { API_ERRORS, isApiErrorCode, type UpstreamErrorCode } from "@/lib/api/error-codes";
import type { projectsErrorSchema } from "@/lib/projects/schema";
import { RATE_LIMITS } from "@/lib/rate-limit/policies";

export type { UpstreamErrorCode };
export type UpstreamProblem = z.infer<typeof projectsErrorSchema>;

/**
 * Why the projects could not be refreshed. Every message tells a member what to do about it and never holds
 * the API key (`redact` is applied to anything that came from the service). `httpStatus` is what our route
 * answers when there is no snapshot to fall back on: the code's status in lib/api/error-codes.ts.
 */
export class UpstreamError extends Error {
  constructor(
    readonly code: UpstreamErrorCode,
    message: string,
    /** Seconds until a call may be tried again (Retry-After, or our own call budget). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "UpstreamError";
  }

  get httpStatus(): number {
    return API_ERRORS[this.code].status;
  }

  toProblem(): UpstreamProblem {
    return {
      code: this.code,
      message: this.message,
      ...(this.retryAfterSeconds !== undefined
        ? { retryAfterSeconds: this.retryAfterSeconds }
        : {}),
    };
  }

  static fromProblem(problem: UpstreamProblem): UpstreamError {
    const code =
      isApiErrorCode(problem.code) && problem.code.startsWith("upstream_")
        ? (problem.code as UpstreamErrorCode)
        : "upstream_bad_response";
    return new UpstreamError(code, problem.message, problem.retryAfterSeconds);
  }
}

/** Removes the key from text that came from elsewhere (a service could echo the Authorization header). */
export function redact(text: string, secret: string | undefined): string {
  if (!secret) return text;
  return text.split(secret).join("[redacted]");
}

function seconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}

/** The service's own `error` text, when its body has one, shortened and without the key. */
export function serviceSays(body: string, secret: string | undefined): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === "object" && "error" in parsed) {
      const text = String((parsed as { error: unknown }).error).slice(0, 200);
      if (text) return ` The service said: "${redact(text, secret)}".`;
    }
  } catch {
    // Not JSON (an HTML error page from a proxy, say): nothing worth quoting.
  }
  return "";
}

export const upstreamErrors = {
  notConfigured: () =>
    new UpstreamError(
      "upstream_not_configured",
      "The projects service is not configured: set PROJECTS_API_BASE_URL and PROJECTS_API_KEY on the server.",
    ),
  status(status: number, body: string, secret: string | undefined, attempts: number) {
    const said = serviceSays(body, secret);
    if (status === 401)
      return new UpstreamError(
        "upstream_unauthorized",
        `The service rejected the API key (401).${said} Check PROJECTS_API_KEY on the server: it is missing, mistyped or revoked (keys are created in the service's dashboard under Settings → API Keys).`,
      );
    if (status === 403)
      return new UpstreamError(
        "upstream_forbidden",
        `The service refused access (403): the workspace's plan has no API access.${said} The API needs the Business plan; ask the workspace owner to upgrade.`,
      );
    if (status === 404)
      return new UpstreamError(
        "upstream_not_found",
        `The service answered 404 for /projects.${said} Check PROJECTS_API_BASE_URL: it must be the service's address followed by /api/public.`,
      );
    if (status >= 500)
      return new UpstreamError(
        "upstream_unavailable",
        `The service is having trouble (HTTP ${status}${attempts > 1 ? ` on all ${attempts} attempts` : ""}).${said} Try again in a minute.`,
      );
    return new UpstreamError(
      "upstream_bad_response",
      `The service answered HTTP ${status}, which this console does not expect.${said}`,
    );
  },
  rateLimited: (retryAfterSeconds: number) =>
    new UpstreamError(
      "upstream_rate_limited",
      `The service's rate limit was reached (429). The console waits as long as the service asked (Retry-After) before calling it again.`,
      retryAfterSeconds,
    ),
  budgetExhausted: (perMinute: number, retryAfterSeconds: number) =>
    new UpstreamError(
      "upstream_budget_exhausted",
      RATE_LIMITS.upstream.refusal(perMinute),
      retryAfterSeconds,
    ),
  unreachable: (cause: string, attempts: number) =>
    new UpstreamError(
      "upstream_unreachable",
      `Could not reach the service (${cause}${attempts > 1 ? `, ${attempts} attempts` : ""}). Check PROJECTS_API_BASE_URL and the service's status.`,
    ),
  plainHttp: (status: number) =>
    new UpstreamError(
      "upstream_plain_http",
      `The service refused the call over plain HTTP (${status}): it is served over HTTPS only. Set PROJECTS_API_BASE_URL to its https:// address.`,
    ),
  timeout: (ms: number, attempts: number) =>
    new UpstreamError(
      "upstream_timeout",
      `The service did not answer within ${seconds(ms)}${attempts > 1 ? ` (${attempts} attempts)` : ""}. Try again in a minute.`,
    ),
  malformedJson: () =>
    new UpstreamError(
      "upstream_malformed_json",
      "The service answered with malformed JSON, so no projects could be read. Try again; if it persists, report it to the service.",
    ),
  badShape: (got: string) =>
    new UpstreamError(
      "upstream_bad_shape",
      `The service's answer was not a list of projects (expected a JSON array, got ${got}).`,
    ),
};
