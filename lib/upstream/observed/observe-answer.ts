import { isStrictUtcTimestamp, projectSchema } from "@/lib/projects/schema";
import { shortened, storableText } from "@/lib/db/storable-text";

/**
 * Turns one answer of `GET /projects` into facts about what the spec leaves unsaid (section 2: the on-hold
 * string, nulls; section 4: pagination; section 7: statuses; section 8: limits). Pure, so tests can feed it
 * crafted answers; record.ts stores what it returns.
 */

/** What fetch-projects hands over: the answer as it arrived, before anything is concluded from it. */
export interface ObservedAnswer {
  status: number;
  headers: Headers;
  body: string;
  /**
   * The body as JSON when the caller already parsed it (undefined: it is not JSON), so that 22 MB are not
   * parsed twice; absent, `observeAnswer` parses the body itself.
   */
  parsed?: unknown;
}

export type FactKind =
  | "status_value" // a project's `status` string
  | "field_null"
  | "field_empty"
  | "field_missing"
  | "field_extra" // a field beyond the spec's eight
  | "timestamp_format" // a timestamp that breaks YYYY-MM-DDTHH:MM:SSZ; value: its shape
  | "list_length" // value "projects"; min/max numbers
  | "page_hint" // a Link or cursor header, a next/cursor field
  | "header" // a response header's name; sample: its value (never a credential's)
  | "retry_after" // Retry-After of a 429, as sent
  | "http_status" // every status seen; section 7's are marked when read
  | "body_kind"; // what a non-array 2xx body was

export interface Fact {
  kind: FactKind;
  value: string;
  sample: string | null;
  /** For list_length: the count of this answer. */
  number?: number;
}

/** The statuses section 7 lists (200 is the success itself). */
export const SPEC_STATUSES = [200, 400, 401, 403, 404, 429, 500] as const;

export const PROJECT_FIELDS = Object.keys(
  projectSchema.shape,
) as (keyof typeof projectSchema.shape)[];
const TIMESTAMP_FIELDS = ["created_at", "updated_at"] as const;

/** Headers whose values are credentials or per-visitor state: their names are facts, their values never. */
const SECRET_HEADERS = new Set([
  "authorization",
  "proxy-authorization",
  "cookie",
  "set-cookie",
  "www-authenticate",
  "proxy-authenticate",
]);
/** Keys of an object body (or header names) that say "there is more": a page cap's tell-tales. */
const PAGE_KEYS =
  /^(next|next_?page|next_?cursor|cursor|has_?more|more|page|pages|total|total_?count|offset|limit|links?)$/i;
const PAGE_HEADERS =
  /^(link|x-next-cursor|x-cursor|x-total-count|x-total|x-page|x-per-page|x-next-page|x-has-more)$/i;

export const OBSERVE_LIMITS = {
  headers: 60,
  sampleChars: 160,
  valueChars: 100,
  statusValues: 20,
  timestampShapes: 10,
  extraFields: 30,
} as const;

function sample(text: string, secret: string | undefined): string {
  const clean = secret ? text.split(secret).join("[redacted]") : text;
  return storableText(shortened(clean, OBSERVE_LIMITS.sampleChars));
}

/** A timestamp's shape: digits become 9, letters a, so `2024-13-45 25:61:00` → `9999-99-99 99:99:99`. */
export function timestampShape(value: string): string {
  return shortened(value.replace(/\d/g, "9").replace(/[A-SU-Ya-z]/g, "a"), 40);
}

function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/**
 * The facts of one answer. `secret` (the API key) is cut out of every sample, in case the service echoes
 * it. Bounded however large or odd the answer: a few dozen facts at most.
 */
export function observeAnswer(answer: ObservedAnswer, secret?: string): Fact[] {
  const facts: Fact[] = [];
  const add = (kind: FactKind, value: string, sampleText: string | null = null, number?: number) =>
    facts.push({
      kind,
      value: storableText(shortened(value, OBSERVE_LIMITS.valueChars)),
      sample: sampleText === null ? null : sample(sampleText, secret),
      ...(number !== undefined ? { number } : {}),
    });

  add("http_status", String(answer.status));
  let headers = 0;
  answer.headers.forEach((value, name) => {
    if (headers++ >= OBSERVE_LIMITS.headers) return;
    add("header", name, SECRET_HEADERS.has(name) ? "(value not kept)" : value);
    if (PAGE_HEADERS.test(name)) add("page_hint", `header ${name}`, value);
  });
  if (answer.status === 429) add("retry_after", answer.headers.get("retry-after") ?? "(none)");
  if (answer.status < 200 || answer.status >= 300) return facts;

  let parsed: unknown;
  try {
    parsed = "parsed" in answer ? answer.parsed : JSON.parse(answer.body);
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined) {
    add("body_kind", "not JSON", `${answer.body.length} characters`);
    return facts;
  }
  if (!Array.isArray(parsed)) {
    add("body_kind", describeValue(parsed));
    if (parsed && typeof parsed === "object") {
      for (const key of Object.keys(parsed).slice(0, 50)) {
        if (PAGE_KEYS.test(key))
          add(
            "page_hint",
            `field ${key}`,
            JSON.stringify((parsed as Record<string, unknown>)[key]) ?? "",
          );
      }
    }
    return facts;
  }
  observeList(parsed, add);
  return facts;
}

type Add = (kind: FactKind, value: string, sample?: string | null, number?: number) => void;

function observeList(list: unknown[], add: Add): void {
  add("list_length", "projects", `${list.length} projects`, list.length);
  const nulls = new Map<string, number>();
  const empties = new Map<string, number>();
  const missing = new Map<string, number>();
  const extras = new Map<string, number>();
  const statuses = new Map<string, number>();
  const badTimestamps = new Map<string, string>();
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

  for (const element of list) {
    if (!element || typeof element !== "object" || Array.isArray(element)) continue;
    const record = element as Record<string, unknown>;
    for (const field of PROJECT_FIELDS) {
      if (!Object.hasOwn(record, field)) bump(missing, field);
      else if (record[field] === null) bump(nulls, field);
      else if (record[field] === "") bump(empties, field);
    }
    for (const key in record) {
      if (!(PROJECT_FIELDS as string[]).includes(key) && extras.size < OBSERVE_LIMITS.extraFields)
        bump(extras, key);
    }
    const status = record.status;
    if (
      typeof status === "string" &&
      (statuses.has(status) || statuses.size < OBSERVE_LIMITS.statusValues)
    )
      bump(statuses, status);
    for (const field of TIMESTAMP_FIELDS) {
      const value = record[field];
      if (typeof value !== "string" || isStrictUtcTimestamp(value)) continue;
      const shape = timestampShape(value);
      if (!badTimestamps.has(shape) && badTimestamps.size < OBSERVE_LIMITS.timestampShapes)
        badTimestamps.set(shape, `${field}: ${value}`);
    }
  }
  const ofList = (n: number) => `${n} of ${list.length} elements`;
  for (const [field, n] of nulls) add("field_null", field, ofList(n));
  for (const [field, n] of empties) add("field_empty", field, ofList(n));
  for (const [field, n] of missing) add("field_missing", field, ofList(n));
  for (const [field, n] of extras) add("field_extra", field, ofList(n));
  for (const [status, n] of statuses) add("status_value", status, ofList(n));
  for (const [shape, example] of badTimestamps) add("timestamp_format", shape, example);
}
