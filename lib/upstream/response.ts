import "server-only";
import { ApiError } from "@/lib/api/errors";
import { PROJECTS_SCHEMA_HEADER, PROJECTS_SCHEMA_VERSION } from "@/lib/projects/schema-version";
import type { ProjectsAnswer } from "./projects-service";

/**
 * The HTTP answer of `GET /api/projects` (a `consoleRoute`, which adds `Cache-Control`): the snapshot as
 * `projectsResponseSchema` (200, even when stale: the member still gets data), or, with no snapshot, the
 * ApiError of the error's code (lib/upstream/errors.ts: 502 for what the service did, 503 + Retry-After for
 * limits, 504 for timeouts).
 */
export function projectsResponse(answer: ProjectsAnswer): Response {
  if (answer.ok) {
    return new Response(answer.body, {
      status: 200,
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        [PROJECTS_SCHEMA_HEADER]: String(PROJECTS_SCHEMA_VERSION),
      },
    });
  }
  const { error } = answer;
  const headers: Record<string, string> = {};
  if (error.retryAfterSeconds !== undefined)
    headers["Retry-After"] = String(error.retryAfterSeconds);
  throw new ApiError(error.httpStatus, error.code, error.message, headers);
}
