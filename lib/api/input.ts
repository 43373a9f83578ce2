import "server-only";
import type { z } from "zod";
import { ApiError } from "@/lib/api/errors";

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
 * The query as an object: a key given once is a string, a key given again an array of its values, so a
 * schema can take a repeatable parameter (`match=` of the wait) and a single one given twice is refused
 * rather than read as its last value.
 */
function queryObject(params: URLSearchParams): Record<string, string | string[]> {
  const input: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    input[key] = values.length === 1 ? values[0]! : values;
  }
  return input;
}

export function parseQuery<T extends z.ZodType>(schema: T, params: URLSearchParams): z.infer<T> {
  const result = schema.safeParse(queryObject(params));
  if (!result.success)
    throw new ApiError("invalid_query", `Invalid query: ${describe(result.error)}.`);
  return result.data;
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

/** Reads a JSON request body (at most `limit` characters). */
export async function parseJsonBody<T extends z.ZodType>(
  schema: T,
  request: Request,
  limit: number = DEFAULT_BODY_LIMIT,
): Promise<z.infer<T>> {
  const text = await request.text();
  if (text.length > limit) throw new ApiError("payload_too_large");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError("invalid_json");
  }
  const result = schema.safeParse(value);
  if (!result.success)
    throw new ApiError("invalid_body", `Invalid body: ${describe(result.error)}.`);
  return result.data;
}
