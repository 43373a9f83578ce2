import "server-only";
import type { z } from "@/lib/zod";
import { ApiError } from "@/lib/api/errors";
import { readBodyWithLimit } from "@/lib/webhooks/server/read-body";

/** Turns zod issues into one sentence a member can act on, e.g. "limit must be at most 200". */
function describe(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const field = issue.path.map(String).join(".");
      if (issue.code === "unrecognized_keys") return `unknown field(s): ${issue.keys.join(", ")}`;
      return field ? `${field} ${issue.message}` : issue.message;
    })
    .join("; ");
}

/**
 * A route's input already out of its envelope, checked with the route's own schema: 400 `invalid_query`
 * ("Invalid query: …") or `invalid_body` ("Invalid body: …") in the one sentence. The query and body
 * parsers below use it, and so do the MCP tools (lib/mcp), whose arguments go through the schemas of the
 * routes they stand for.
 */
export function parseInput<T extends z.ZodType>(
  schema: T,
  value: unknown,
  as: "query" | "body",
): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const sentence = describe(result.error);
  throw as === "query"
    ? new ApiError("invalid_query", `Invalid query: ${sentence}.`)
    : new ApiError("invalid_body", `Invalid body: ${sentence}.`);
}

/**
 * The query as an object: a key given once is a string, a key given again an array of its values, so a
 * schema can take a repeatable parameter (`match=` of the wait) and a single one given twice is refused
 * rather than read as its last value.
 */
function queryObject(params: URLSearchParams): Record<string, string | string[]> {
  // fromEntries makes every key an own property: assigned, `?__proto__=a&__proto__=b` would set the
  // object's prototype instead and vanish from what the schema checks.
  return Object.fromEntries(
    [...new Set(params.keys())].map((key) => {
      const values = params.getAll(key);
      return [key, values.length === 1 ? values[0]! : values];
    }),
  );
}

export function parseQuery<T extends z.ZodType>(schema: T, params: URLSearchParams): z.infer<T> {
  return parseInput(schema, queryObject(params), "query");
}

/**
 * Path segments: the first bad one answers 400 `invalid_id` (every console route's one segment is an id),
 * e.g. "Invalid id: is not a delivery id."
 */
export function parseParams<T extends z.ZodType>(schema: T, params: unknown): z.infer<T> {
  const result = schema.safeParse(params);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const name = issue?.path.map(String).join(".") || "path";
  throw new ApiError("invalid_id", `Invalid ${name}: ${issue?.message ?? "not valid"}.`);
}

/** Console inputs are small; a route that takes more (a forward's body head) says so. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/**
 * Reads a JSON request body (at most `limit` characters). The bytes read are bounded too, so that an
 * oversized body is refused as it arrives (or at once, by its Content-Length) and never sits in memory
 * whole: a character is at most 3 bytes of UTF-8.
 */
export async function parseJsonBody<T extends z.ZodType>(
  schema: T,
  request: Request,
  limit: number = DEFAULT_BODY_LIMIT,
): Promise<z.infer<T>> {
  const read = await readBodyWithLimit(request, limit * 3);
  if (!read.ok) throw new ApiError("payload_too_large");
  // TextDecoder, as request.text() decodes: invalid bytes become U+FFFD, a leading BOM is dropped.
  const text = new TextDecoder().decode(read.bytes);
  if (text.length > limit) throw new ApiError("payload_too_large");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError("invalid_json");
  }
  return parseInput(schema, value, "body");
}
