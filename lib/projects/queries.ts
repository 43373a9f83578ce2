import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { projectsResponseSchema, type ProjectsResponse } from "./schema";

/**
 * The browser's side of `GET /api/projects`: one fetcher, one typed error, one query-options factory that
 * every component and the refresh action share (so they read and write the same cache entry).
 */

const apiErrorSchema = z.object({ error: z.string(), code: z.string() });

export class ProjectsRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "ProjectsRequestError";
  }

  /** Our own session ended: only signing in again helps, retrying does not. */
  get isUnauthenticated(): boolean {
    return this.status === 401 && this.code === "unauthorized";
  }
}

function retryAfter(response: Response): number | undefined {
  const seconds = Number(response.headers.get("retry-after"));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

export async function fetchProjects({
  refresh = false,
  signal,
  origin = "",
}: {
  refresh?: boolean;
  signal?: AbortSignal;
  /** Same origin in the browser; an absolute origin where there is none (tests, scripts). */
  origin?: string;
} = {}): Promise<ProjectsResponse> {
  let response: Response;
  try {
    response = await fetch(`${origin}/api/projects${refresh ? "?refresh=1" : ""}`, {
      headers: { accept: "application/json" },
      // Revalidate every time: the browser sends the ETag it kept, and an unchanged list is a 304 with
      // no body (the route's Cache-Control is `private, no-cache`; "no-store" would never revalidate).
      cache: "no-cache",
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ProjectsRequestError(
      0,
      "network_error",
      "The console could not be reached. Check your connection and try again.",
    );
  }

  const body: unknown = await response.json().catch(() => undefined);

  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(body);
    throw new ProjectsRequestError(
      response.status,
      parsed.success ? parsed.data.code : `http_${response.status}`,
      parsed.success
        ? parsed.data.error
        : `The console answered with status ${response.status}. Try again in a moment.`,
      retryAfter(response),
    );
  }

  const parsed = projectsResponseSchema.safeParse(body);
  if (!parsed.success) {
    // A sign-in page instead of JSON means the session ended between two requests.
    if (response.redirected && new URL(response.url).pathname.startsWith("/sign-in")) {
      throw new ProjectsRequestError(401, "unauthorized", "Your session has ended. Sign in again.");
    }
    throw new ProjectsRequestError(
      response.status,
      "invalid_response",
      "The console answered in an unexpected format. Reload the page; if it persists, tell your administrator.",
    );
  }
  return parsed.data;
}

export const projectQueries = {
  all: () => ["projects"] as const,
  list: () =>
    queryOptions({
      queryKey: [...projectQueries.all(), "list"] as const,
      queryFn: ({ signal }) => fetchProjects({ signal }),
      // The route serves a cached snapshot, so polling is cheap and never reaches the service directly;
      // it keeps "Updated … ago" honest and clears the stale banner once the service recovers.
      refetchInterval: 60_000,
      retry: (failureCount, error) =>
        !(error instanceof ProjectsRequestError && error.status >= 400 && error.status < 500) &&
        failureCount < 1,
    }),
};
