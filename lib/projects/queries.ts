import { queryOptions, replaceEqualDeep } from "@tanstack/react-query";
import type { ProjectsResponse } from "./schema";
import { PROJECTS_SCHEMA_HEADER, PROJECTS_SCHEMA_VERSION } from "./schema-version";

/**
 * The browser's side of `GET /api/projects`: one fetcher, one typed error, one query-options factory that
 * every component and the refresh action share (so they read and write the same cache entry).
 *
 * The server validates every project with zod before it stores a snapshot (lib/upstream); that check is the
 * contract. The browser does not run it again on 100,000 rows: it trusts an answer that names the schema
 * version this page was built for (`X-Projects-Schema`), and refuses any other answer with a clear error.
 */

function apiError(body: unknown): { error: string; code: string } | null {
  if (typeof body !== "object" || body === null) return null;
  const { error, code } = body as Record<string, unknown>;
  return typeof error === "string" && typeof code === "string" ? { error, code } : null;
}

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

  /** The server speaks another version of the projects format (a deploy since this page loaded). */
  get needsReload(): boolean {
    return this.code === "schema_mismatch";
  }
}

function retryAfter(response: Response): number | undefined {
  const seconds = Number(response.headers.get("retry-after"));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

/**
 * The ETag each answer came with. The route's tag is strong and names the exact bytes, so an answer that
 * comes back with the tag of the answer the page holds (the browser's revalidation got a 304 and hands back
 * its cached copy) is that answer: it is returned as is rather than read again, which at 100,000 projects is
 * 22.7 MB to parse, index and rank every minute.
 */
const answerTags = new WeakMap<ProjectsResponse, string>();

export async function fetchProjects({
  refresh = false,
  signal,
  origin = "",
  previous,
}: {
  refresh?: boolean;
  signal?: AbortSignal;
  /** Same origin in the browser; an absolute origin where there is none (tests, scripts). */
  origin?: string;
  /** The answer the page holds, kept when the route sends the same bytes again. */
  previous?: ProjectsResponse;
} = {}): Promise<ProjectsResponse> {
  // The code that reads the list (its worker, the table's index) loads beside the answer rather than with
  // the page: it is not needed before the answer, and the page's first scripts are on a budget.
  const reader = import("./read-projects-body").catch(() => {
    throw new ProjectsRequestError(
      0,
      "network_error",
      "Part of this page could not be loaded. Check your connection, or reload the page.",
    );
  });
  // Awaited only once the answer is good; a failed request must not leave it rejected unseen.
  reader.catch(() => {});
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

  // A sign-in page instead of JSON means the session ended between two requests.
  if (response.redirected && new URL(response.url).pathname.startsWith("/sign-in")) {
    throw new ProjectsRequestError(401, "unauthorized", "Your session has ended. Sign in again.");
  }

  if (!response.ok) {
    const parsed = apiError(await response.json().catch(() => undefined));
    throw new ProjectsRequestError(
      response.status,
      parsed ? parsed.code : `http_${response.status}`,
      parsed
        ? parsed.error
        : `The console answered with status ${response.status}. Try again in a moment.`,
      retryAfter(response),
    );
  }

  const version = response.headers.get(PROJECTS_SCHEMA_HEADER);
  if (version !== String(PROJECTS_SCHEMA_VERSION)) {
    await response.body?.cancel();
    throw new ProjectsRequestError(
      response.status,
      "schema_mismatch",
      `The console's server sends projects in ${version ? `format version ${version}` : "an unversioned format"}, ` +
        `but this page reads version ${PROJECTS_SCHEMA_VERSION}. Reload the page to get the current version.`,
    );
  }

  const tag = response.headers.get("etag");
  if (tag !== null && previous !== undefined && answerTags.get(previous) === tag) {
    await response.body?.cancel();
    return previous;
  }
  const { readProjectsBody } = await reader;
  const body = await readProjectsBody(response, signal);
  if (!body) {
    throw new ProjectsRequestError(
      response.status,
      "invalid_response",
      "The console answered in an unexpected format. Reload the page; if it persists, tell your administrator.",
    );
  }
  if (tag !== null) answerTags.set(body, tag);
  return body;
}

/**
 * What a refetch keeps of the answer before: the same snapshot (`fetchedAt` names it, as on the server) keeps
 * the very same list, so the table's index, sort and rows stand, and an answer equal in every other field too
 * is the answer before (nothing renders again). React Query's default would compare all 100,000 projects
 * field by field, in one task on the page's main thread, on every refetch.
 */
export function keepSnapshotList(previous: unknown, next: unknown): unknown {
  const before = previous as ProjectsResponse | undefined;
  const after = next as ProjectsResponse;
  if (!before || before.fetchedAt !== after.fetchedAt) return after;
  if (before.projects.length !== after.projects.length) return after;
  const kept = replaceEqualDeep(before, { ...after, projects: before.projects });
  // The answer kept stands for the new bytes: the next refetch compares with their tag.
  const tag = answerTags.get(after);
  if (kept !== before && tag !== undefined) answerTags.set(kept, tag);
  return kept;
}

export const projectQueries = {
  all: () => ["projects"] as const,
  list: () =>
    queryOptions({
      queryKey: [...projectQueries.all(), "list"] as const,
      queryFn: ({ signal, client, queryKey }) =>
        fetchProjects({ signal, previous: client.getQueryData<ProjectsResponse>(queryKey) }),
      // The route serves a cached snapshot, so polling is cheap and never reaches the service directly;
      // it keeps "Updated … ago" honest and clears the stale banner once the service recovers.
      refetchInterval: 60_000,
      structuralSharing: keepSnapshotList,
      retry: (failureCount, error) =>
        !(
          error instanceof ProjectsRequestError &&
          ((error.status >= 400 && error.status < 500) || error.needsReload)
        ) && failureCount < 1,
    }),
};
