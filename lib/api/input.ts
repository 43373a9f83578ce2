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

export function parseQuery<T extends z.ZodType>(schema: T, params: URLSearchParams): z.infer<T> {
  const result = schema.safeParse(Object.fromEntries(params));
  if (!result.success)
    throw new ApiError(400, "invalid_query", `Invalid query: ${describe(result.error)}.`);
  return result.data;
}

/**
 * Path segments (`{ id }`): the first bad one answers 400 `invalid_<name>`, e.g. "Invalid id: is not a
 * delivery id."
 */
export function parseParams<T extends z.ZodType>(schema: T, params: unknown): z.infer<T> {
  const result = schema.safeParse(params);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const name = issue?.path.map(String).join(".") || "path";
  throw new ApiError(400, `invalid_${name}`, `Invalid ${name}: ${issue?.message ?? "not valid"}.`);
}

export function parseInput<T extends z.ZodType>(
  schema: T,
  value: unknown,
  what: string,
): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success)
    throw new ApiError(400, `invalid_${what}`, `Invalid ${what}: ${describe(result.error)}.`);
  return result.data;
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
  if (text.length > limit)
    throw new ApiError(413, "payload_too_large", "The request body is too large.");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, "invalid_json", "The request body must be JSON.");
  }
  return parseInput(schema, value, "body");
}
