import type { ConnectionState, Health } from "./schema";

interface Problem {
  code: string;
  message: string;
  retryAfterSeconds?: number;
}

export interface StateWords {
  kind: ConnectionState;
  headline: string;
  detail: string;
}

/**
 * The key's state in words, from the latest refresh's failure (null: it succeeded, or none ran yet). One
 * place for these words: the page, the header's dot and a refused key test all read them.
 */
export function connectionState(
  problem: Problem | null,
  context: { configured: boolean; unreadable: boolean; called: boolean } = {
    configured: true,
    unreadable: false,
    called: true,
  },
): StateWords {
  if (context.unreadable) {
    return {
      kind: "unreadable",
      headline: "The saved key cannot be read",
      detail:
        "It was encrypted with another SECRETS_ENCRYPTION_KEY (or AUTH_SECRET). Save the key again, or use the environment's key.",
    };
  }
  if (!context.configured) {
    return {
      kind: "not_configured",
      headline: "No API key",
      detail:
        "Save the workspace's API key here, or set PROJECTS_API_BASE_URL and PROJECTS_API_KEY on the server.",
    };
  }
  if (!problem) {
    return context.called
      ? {
          kind: "works",
          headline: "The key works",
          detail: "The service answered the last call with the projects.",
        }
      : {
          kind: "untested",
          headline: "Not called yet",
          detail: "The first visit to Projects calls the service with this key.",
        };
  }
  switch (problem.code) {
    case "upstream_unauthorized":
      return {
        kind: "unauthorized",
        headline: "The key is invalid or revoked (401)",
        detail:
          "The service did not accept it. Create a new key in the service's dashboard under Settings → API Keys and save it here.",
      };
    case "upstream_forbidden":
      return {
        kind: "forbidden",
        headline: "The workspace's plan has no API access (403)",
        detail:
          "The key is valid, but the API is available on the Business plan only: ask the workspace owner to upgrade.",
      };
    case "upstream_unreachable":
    case "upstream_timeout":
      return {
        kind: "unreachable",
        headline: "The service is unreachable",
        detail: problem.message,
      };
    case "upstream_plain_http":
      return { kind: "plain_http", headline: "Refused over plain HTTP", detail: problem.message };
    case "upstream_rate_limited":
      return {
        kind: "rate_limited",
        headline: "Rate-limited by the service (429)",
        detail:
          problem.retryAfterSeconds !== undefined
            ? `The service asked the console to wait ${problem.retryAfterSeconds} s (Retry-After); no instance calls it before then.`
            : "The service asked the console to wait (Retry-After); that wait has passed.",
      };
    case "upstream_budget_exhausted":
      return {
        kind: "budget",
        headline: "The console's call budget is spent",
        detail: problem.message,
      };
    default:
      return {
        kind: "service_error",
        headline: "The service answered with an error",
        detail: problem.message,
      };
  }
}

/** Failing: nothing to show, or the key needs someone's action; stale: a snapshot is served meanwhile. */
export function healthOf(kind: ConnectionState, hasSnapshot: boolean): Health {
  if (kind === "works") return "healthy";
  if (kind === "untested") return "unknown";
  const needsAction = ["unauthorized", "forbidden", "plain_http", "not_configured", "unreadable"];
  if (!hasSnapshot || needsAction.includes(kind)) return "failing";
  return "stale";
}
