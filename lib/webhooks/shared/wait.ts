import { z } from "zod";

/**
 * "Wait for a delivery" (`GET /api/webhooks/deliveries/wait`, `project-console wait`, the MCP tool): its
 * bounds, the `match=` conditions and the query. No server imports: the command-line tool checks `--match`
 * with the same parser before it asks.
 */

/**
 * The route's `maxDuration` on Vercel (seconds): the same limit as the listen stream's, the longest a
 * function may run on every plan with fluid compute.
 */
export const WAIT_MAX_DURATION_SECONDS = 300;
/** The longest wait one call may ask for: 20 s short of the function limit, for the reads around it. */
export const WAIT_TIMEOUT_MAX_SECONDS = WAIT_MAX_DURATION_SECONDS - 20;
export const WAIT_TIMEOUT_DEFAULT_SECONDS = 30;
/** `match=` conditions one call may give (all must hold). */
export const WAIT_MAX_MATCHES = 20;
const MATCH_MAX_CHARS = 1000;
const PATH_MAX_SEGMENTS = 32;

/** One `match=` condition: the value at a dotted path of the JSON body equals `value` (see fieldsMatch). */
export interface FieldMatch {
  /** `data.items.0.id` → ["data", "items", "0", "id"]. */
  path: string[];
  value: string;
}

/**
 * `data.task_id=123` → { path: ["data", "task_id"], value: "123" }, or a sentence saying what is wrong.
 * The path ends at the first `=`; the value is everything after it (it may hold `=` and be empty). Path
 * segments are not empty and hold no `=`: a key with a `.` or `=` in it cannot be named.
 */
export function parseFieldMatch(text: string): FieldMatch | string {
  if (text.length > MATCH_MAX_CHARS) return `must be at most ${MATCH_MAX_CHARS} characters`;
  const equals = text.indexOf("=");
  if (equals < 0) return `"${clip(text)}" must be path=value, like data.task_id=123`;
  const path = text.slice(0, equals).split(".");
  if (path.some((segment) => segment.trim() === "")) {
    return `"${clip(text)}" needs a dotted path before =, like data.task_id (no empty segment)`;
  }
  if (path.length > PATH_MAX_SEGMENTS) return `paths have at most ${PATH_MAX_SEGMENTS} segments`;
  return { path, value: text.slice(equals + 1) };
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/** A JSON number as JSON writes it: "123" is one, "0x7b", " 123", "1_000" and "" are not. */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * Whether one JSON value equals the text a caller typed. The caller cannot say a type, so the text is read
 * as whatever the body holds there: a string equals it exactly (no trimming, case kept); a number equals it
 * when the text is a JSON number of the same value ("123" and "123.0" match 123; compared as JavaScript
 * numbers, so integers past 2^53 compare approximately); true, false and null equal those words. An object,
 * an array or a missing field never matches.
 */
function valueEquals(found: unknown, text: string): boolean {
  if (typeof found === "string") return found === text;
  if (typeof found === "number") return JSON_NUMBER.test(text) && Number(text) === found;
  if (typeof found === "boolean") return text === String(found);
  if (found === null) return text === "null";
  return false;
}

function valueAt(root: unknown, path: string[]): unknown {
  let node = root;
  for (const segment of path) {
    if (Array.isArray(node)) {
      if (!/^(?:0|[1-9]\d*)$/.test(segment)) return undefined;
      node = node[Number(segment)];
    } else if (node !== null && typeof node === "object") {
      if (!Object.hasOwn(node, segment)) return undefined;
      node = (node as Record<string, unknown>)[segment];
    } else {
      return undefined;
    }
  }
  return node;
}

/** Every condition holds for the parsed JSON body (an array index is a path segment of digits). */
export function fieldsMatch(body: unknown, matches: FieldMatch[]): boolean {
  return matches.every((match) => {
    const found = valueAt(body, match.path);
    return found !== undefined && valueEquals(found, match.value);
  });
}

const matchCondition = z.string().transform((text, context): FieldMatch => {
  const parsed = parseFieldMatch(text);
  if (typeof parsed === "string") {
    context.addIssue({ code: "custom", message: parsed });
    return z.NEVER;
  }
  return parsed;
});

/**
 * `GET /api/webhooks/deliveries/wait`. `match` is repeatable (every condition must hold); `timeout` in
 * whole seconds.
 */
export const waitQuerySchema = z
  .object({
    event: z.string({ message: "must be given once" }).trim().min(1, { message: "must not be empty" }).max(200).optional(),
    endpoint: z.string({ message: "must be given once" }).trim().min(1, { message: "must not be empty" }).max(200).optional(),
    match: z
      .union([matchCondition.transform((one) => [one]), z.array(matchCondition)])
      .pipe(
        z
          .array(z.custom<FieldMatch>())
          .max(WAIT_MAX_MATCHES, { message: `may be given at most ${WAIT_MAX_MATCHES} times` }),
      )
      .default([]),
    after: z
      .string({ message: "must be given once" })
      .regex(/^[A-Za-z0-9_-]{1,64}$/, { message: "is not a cursor this API handed out" })
      .optional(),
    timeout: z.coerce
      .number({ message: "must be a number of seconds" })
      .int({ message: "must be a whole number of seconds" })
      .min(1, { message: "must be at least 1 second" })
      .max(WAIT_TIMEOUT_MAX_SECONDS, {
        message: `must be at most ${WAIT_TIMEOUT_MAX_SECONDS} seconds (wait again with the cursor for longer)`,
      })
      .default(WAIT_TIMEOUT_DEFAULT_SECONDS),
  })
  .strict();

export type WaitQuery = z.infer<typeof waitQuerySchema>;
