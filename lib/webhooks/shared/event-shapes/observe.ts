/**
 * What one delivery's `data` holds, as (path, kind) observations: the input of the incremental shape
 * (record.ts). Written for hostile payloads: an iterative breadth-first walk (shallow fields first, so a
 * cap keeps the ones that matter), a budget of nodes, a depth cap, only the first elements of each array
 * (merged into one `[]` path), keys and paths cut short, a few short examples.
 */

export const SHAPE_LIMITS = {
  /** Values looked at per delivery. */
  maxNodes: 1_000,
  /** Levels below `data` that are opened; deeper containers are recorded by kind only. */
  maxDepth: 8,
  /** Elements of each array looked at (all merged into `[]`). */
  maxArrayItems: 20,
  maxKeyChars: 60,
  maxPathChars: 300,
  /** (path, kind) rows kept per event and endpoint; later new ones are counted as dropped. */
  maxFieldsPerEvent: 300,
  /** Event names profiled per endpoint; deliveries of further names are not profiled. */
  maxEventsPerEndpoint: 100,
  maxEventNameChars: 200,
  examplesPerKind: 3,
  maxExampleChars: 80,
} as const;

export type ValueKind =
  | "null"
  | "boolean"
  | "integer"
  | "number"
  | "string"
  | "string:date-time"
  | "string:date-time-offset"
  | "string:date"
  | "string:uuid"
  | "string:email"
  | "string:uri"
  | "object"
  | "array";

export interface Observation {
  path: string;
  kind: ValueKind;
  /** Occurrences in this delivery (each array element counts). */
  count: number;
  /** The first value seen here, as JSON text cut short; none for objects and arrays. */
  example: string | null;
}

export interface DeliveryObservations {
  observations: Observation[];
  /** Part of the payload was not looked at (node budget, depth or array elements). */
  truncated: boolean;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const ISO_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?[+-]\d{2}:?\d{2}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const URI = /^https?:\/\/\S+$/i;

function stringKind(value: string): ValueKind {
  if (value.length > 100) return "string";
  if (ISO_UTC.test(value)) return "string:date-time";
  if (ISO_OFFSET.test(value)) return "string:date-time-offset";
  if (DATE.test(value)) return "string:date";
  if (UUID.test(value)) return "string:uuid";
  if (EMAIL.test(value)) return "string:email";
  if (URI.test(value)) return "string:uri";
  return "string";
}

export function kindOf(value: unknown): ValueKind {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  switch (typeof value) {
    case "boolean":
      return "boolean";
    case "number":
      return Number.isInteger(value) ? "integer" : "number";
    case "string":
      return stringKind(value);
    default:
      return "object";
  }
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function keySegment(key: string): string {
  const short = cut(key, SHAPE_LIMITS.maxKeyChars);
  return IDENTIFIER.test(short) ? `.${short}` : `[${JSON.stringify(short)}]`;
}

function exampleOf(value: unknown, kind: ValueKind): string | null {
  if (kind === "object" || kind === "array") return null;
  if (typeof value === "string") {
    return JSON.stringify(cut(value, SHAPE_LIMITS.maxExampleChars));
  }
  return cut(JSON.stringify(value), SHAPE_LIMITS.maxExampleChars);
}

/** Observations of `data` (the root path is `""`); `undefined` (no `data`) observes nothing. */
export function observeData(data: unknown): DeliveryObservations {
  const found = new Map<string, Observation>();
  let truncated = false;
  if (data === undefined) return { observations: [], truncated };
  const queue: { value: unknown; path: string; depth: number }[] = [
    { value: data, path: "", depth: 0 },
  ];
  let nodes = 0;
  for (let head = 0; head < queue.length; head++) {
    if (nodes >= SHAPE_LIMITS.maxNodes) {
      truncated = true;
      break;
    }
    nodes++;
    const { value, path, depth } = queue[head]!;
    const kind = kindOf(value);
    const key = `${kind} ${path}`;
    const seen = found.get(key);
    if (seen) seen.count++;
    else found.set(key, { path, kind, count: 1, example: exampleOf(value, kind) });
    if (kind !== "object" && kind !== "array") continue;
    if (depth >= SHAPE_LIMITS.maxDepth) {
      truncated = true;
      continue;
    }
    // Nothing past the node budget would be looked at, so the queue never holds more than that.
    const room = () => SHAPE_LIMITS.maxNodes - nodes - (queue.length - head - 1);
    const push = (child: unknown, childPath: string) => {
      if (childPath.length > SHAPE_LIMITS.maxPathChars || room() <= 0) {
        truncated = true;
        return room() > 0;
      }
      queue.push({ value: child, path: childPath, depth: depth + 1 });
      return true;
    };
    if (Array.isArray(value)) {
      if (value.length > SHAPE_LIMITS.maxArrayItems) truncated = true;
      const items = Math.min(value.length, SHAPE_LIMITS.maxArrayItems);
      for (let i = 0; i < items && push(value[i], `${path}[]`); i++);
    } else {
      // Own keys only (JSON.parse makes `__proto__` an own data property, never the prototype).
      const record = value as Record<string, unknown>;
      for (const name in record) {
        if (!Object.hasOwn(record, name)) continue;
        if (!push(record[name], `${path}${keySegment(name)}`)) break;
      }
    }
  }
  return { observations: [...found.values()], truncated };
}
