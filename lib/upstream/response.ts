import "server-only";
import { ApiError } from "@/lib/api/errors";
import {
  ifNoneMatchMatches,
  negotiateCoding,
  ROUTE_ENCODING_HEADER,
} from "@/lib/http/content-coding";
import { edgeFacts } from "@/lib/http/edge-facts";
import { PROJECTS_SCHEMA_HEADER, PROJECTS_SCHEMA_VERSION } from "@/lib/projects/schema-version";
import type { ProjectsAnswer } from "./projects-service";

type Snapshot = Extract<ProjectsAnswer, { ok: true }>;

/**
 * The HTTP answer of `GET /api/projects` (a `consoleRoute`, which adds `Cache-Control`): the snapshot as
 * `projectsResponseSchema` (200, even when stale: the member still gets data), or, with no snapshot, the
 * ApiError of the error's code (lib/upstream/errors.ts: 502 for what the service did, 503 + Retry-After for
 * limits, 504 for timeouts).
 */
export function projectsResponse(answer: ProjectsAnswer, request: Request): Promise<Response> {
  if (answer.ok) return snapshotResponse(answer, request.headers);
  const { error } = answer;
  const headers: Record<string, string> = {};
  if (error.retryAfterSeconds !== undefined)
    headers["Retry-After"] = String(error.retryAfterSeconds);
  throw new ApiError(error.code, error.message, headers);
}

/**
 * The snapshot's bytes, already encoded (lib/http/precompressed.ts): the coding the client prefers, a
 * strong ETag per coding, and 304 without a body when If-None-Match names the tag of what would be sent.
 */
export async function snapshotResponse(
  { document, tail }: Pick<Snapshot, "document" | "tail">,
  requestHeaders: Headers,
): Promise<Response> {
  // Encoded bytes only where our own server will label them (lib/http/content-coding.ts says why).
  const coding = edgeFacts()?.encodingPassthrough
    ? negotiateCoding(requestHeaders.get("accept-encoding"), document.codings)
    : "identity";
  const etag = document.etag(tail, coding);
  const headers: Record<string, string> = {
    ETag: etag,
    Vary: "Accept-Encoding",
    [PROJECTS_SCHEMA_HEADER]: String(PROJECTS_SCHEMA_VERSION),
  };
  if (ifNoneMatchMatches(requestHeaders.get("if-none-match"), etag)) {
    return new Response(null, { status: 304, headers });
  }
  const body = await document.body(tail, coding);
  if (coding !== "identity") headers[ROUTE_ENCODING_HEADER] = coding;
  return new Response(
    new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength),
    {
      status: 200,
      headers: { ...headers, "Content-Type": "application/json; charset=utf-8" },
    },
  );
}
