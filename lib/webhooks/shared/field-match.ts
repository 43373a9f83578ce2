/**
 * The `match=` conditions of "wait for a delivery" (`data.task_id=123`): parsed, and tested against a
 * delivery's JSON body. No imports: the command-line tool bundles it to check `--match` before it asks.
 */

const MATCH_MAX_CHARS = 1000;
export const PATH_MAX_SEGMENTS = 32;

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
  const path = parseFieldPath(text.slice(0, equals));
  if (path === null) {
    return `"${clip(text)}" needs a dotted path before =, like data.task_id (no empty segment)`;
  }
  if (path.length > PATH_MAX_SEGMENTS) return `paths have at most ${PATH_MAX_SEGMENTS} segments`;
  return { path, value: text.slice(equals + 1) };
}

/**
 * `data.items.0.id` → ["data", "items", "0", "id"]; null when a segment is empty (or only spaces). The one
 * reading of a dotted path, shared by `match=` and the inspector's field search (field-search.ts).
 */
export function parseFieldPath(text: string): string[] | null {
  const path = text.split(".");
  return path.some((segment) => segment.trim() === "") ? null : path;
}

export function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/** A JSON number as JSON writes it: "123" is one, "0x7b", " 123", "1_000" and "" are not. */
export const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

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
