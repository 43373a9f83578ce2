import type { ConsoleConfig } from "./config";

/**
 * The console's HTTP API as the tool calls it: `Authorization: Bearer pct_…`, JSON in and out. Every failure
 * becomes a ConsoleError whose message is one line a person can act on; the token is never part of one.
 */

export class ConsoleError extends Error {
  constructor(
    message: string,
    /** The answer's status; undefined when the console could not be reached. */
    readonly status?: number,
  ) {
    super(message);
  }
}

export const UNAUTHORIZED_MESSAGE =
  "The console refused the access token (401): it was revoked, has expired or belongs to a removed member. Create a new one in Settings → Access tokens and run project-console login again.";

/** A short reason for a fetch or socket error: its code (ECONNREFUSED…) when there is one. */
export function networkErrorCode(error: unknown): string {
  const withCode = error as { code?: unknown; cause?: { code?: unknown } };
  const code = withCode?.cause?.code ?? withCode?.code;
  if (typeof code === "string") return code;
  if (error instanceof Error && error.name === "AbortError") return "aborted";
  if (error instanceof Error && error.name === "TimeoutError") return "timeout";
  return error instanceof Error ? error.message : String(error);
}

export function unreachable(config: ConsoleConfig, error: unknown): ConsoleError {
  return new ConsoleError(
    `Cannot reach the console at ${config.url} (${networkErrorCode(error)}). Check the URL and that it is running.`,
  );
}

/** The ConsoleError for an answer that is not 2xx, with the console's own message when it sent one. */
export async function answerError(response: Response): Promise<ConsoleError> {
  if (response.status === 401) return new ConsoleError(UNAUTHORIZED_MESSAGE, 401);
  let detail = "";
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body.error === "string") detail = `: ${body.error}`;
  } catch {
    // Not our JSON error shape (a proxy's page, say): the status says enough.
  }
  return new ConsoleError(`The console answered ${response.status}${detail}`, response.status);
}

export function authHeaders(config: ConsoleConfig): Record<string, string> {
  return { authorization: `Bearer ${config.token}`, "user-agent": "project-console-cli" };
}

/** A JSON call to the console; throws a ConsoleError for anything but a 2xx answer. */
export async function callConsole<T>(
  config: ConsoleConfig,
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(new URL(path, config.url), {
      method: init.method ?? "GET",
      headers: {
        ...authHeaders(config),
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal ?? AbortSignal.timeout(30_000),
      redirect: "manual",
    });
  } catch (error) {
    throw unreachable(config, error);
  }
  if (!response.ok) throw await answerError(response);
  return (await response.json()) as T;
}

interface EndpointSummary {
  id: string;
  name: string;
}

/** An endpoint's id from its name or id, as `--endpoint` takes either. */
export async function resolveEndpointId(config: ConsoleConfig, nameOrId: string): Promise<string> {
  const { endpoints } = await callConsole<{ endpoints: EndpointSummary[] }>(
    config,
    "/api/webhooks/endpoints",
  );
  const found =
    endpoints.find((endpoint) => endpoint.id === nameOrId) ??
    endpoints.find((endpoint) => endpoint.name.toLowerCase() === nameOrId.toLowerCase());
  if (!found) {
    throw new ConsoleError(
      `No endpoint named or with the id "${nameOrId}". Endpoints: ${endpoints.map((e) => `${e.name} (${e.id})`).join(", ")}.`,
    );
  }
  return found.id;
}
