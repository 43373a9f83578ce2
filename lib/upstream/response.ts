import "server-only";
import { ApiError, errorResponse } from "@/lib/api/errors";
import type { ProjectsAnswer } from "./projects-service";

/** Per member and never worth keeping: each answer says how old its data is and why. */
export const PROJECTS_CACHE_CONTROL = "private, no-store";

/**
 * The HTTP answer of `GET /api/projects`: the snapshot as `projectsResponseSchema` (200, even when stale: the
 * member still gets data), or, with no snapshot, `{ error, code }` with the status of the error's code
 * (lib/upstream/errors.ts: 502 for what the service did, 503 + Retry-After for limits, 504 for timeouts).
 */
export function projectsResponse(answer: ProjectsAnswer): Response {
  if (answer.ok) {
    return new Response(answer.body, {
      status: 200,
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Cache-Control": PROJECTS_CACHE_CONTROL,
      },
    });
  }
  const { error } = answer;
  const headers: Record<string, string> = { "Cache-Control": PROJECTS_CACHE_CONTROL };
  if (error.retryAfterSeconds !== undefined)
    headers["Retry-After"] = String(error.retryAfterSeconds);
  return errorResponse(new ApiError(error.httpStatus, error.code, error.message, headers));
}
