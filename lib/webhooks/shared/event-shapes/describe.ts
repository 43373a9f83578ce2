import type { ValueKind } from "./observe";
import { specPayload } from "./spec-payloads";
import { parentPath, topLevelName } from "./field-paths";

/**
 * An event's inferred shape as the Events view and the exports read it: each field with its kinds,
 * presence, nullability, differences from the spec and changes over time. Pure: built from the stored
 * rows (load.ts) so tests can craft them.
 */
export interface ShapeRow {
  event: string;
  deliveries: number;
  firstSeen: string;
  lastSeen: string;
  droppedFields: number;
  truncatedDeliveries: number;
}

export interface FieldRow {
  path: string;
  kind: string;
  count: number;
  firstSeen: string;
  lastSeen: string;
  firstDelivery: number;
  lastDelivery: number;
  examples: string[];
}

export interface KindSeen {
  kind: ValueKind | string;
  count: number;
  examples: string[];
  firstSeen: string;
  lastSeen: string;
  firstDelivery: number;
  lastDelivery: number;
}

export type Presence = "always" | "sometimes" | "never" | "in arrays";

export interface FieldNote {
  code:
    | "missing"
    | "sometimes_missing"
    | "not_in_spec"
    | "type"
    | "format"
    | "null"
    | "new_field"
    | "gone"
    | "type_changed"
    | "new_type";
  message: string;
}

export interface FieldShape {
  path: string;
  occurrences: number;
  /** How often its parent was an object (for `data` itself: the deliveries). */
  parentOccurrences: number;
  presence: Presence;
  nullable: boolean;
  kinds: KindSeen[];
  firstSeen: string | null;
  lastSeen: string | null;
  spec: FieldNote[];
  changes: FieldNote[];
}

export interface EventShape extends ShapeRow {
  /** Whether the spec documents this event's payload. */
  documented: boolean;
  fields: FieldShape[];
}

export interface EventSummary extends ShapeRow {
  documented: boolean;
  fieldCount: number;
  specDifferences: number;
  changes: number;
}

/**
 * Deliveries on each side of a change for it to be called one: a field absent from at least this many
 * deliveries before it arrived ("new"), or since it was last seen ("no longer sent"), a kind arriving at
 * least this many deliveries after the field was first seen. Fewer is ordinary variation.
 */
export const SETTLED_DELIVERIES = 3;

const KIND_WORDS: Record<string, string> = {
  "string:date-time": "ISO 8601 UTC timestamp",
  "string:date-time-offset": "ISO 8601 timestamp with an offset",
  "string:date": "date",
  "string:uuid": "UUID",
  "string:email": "email address",
  "string:uri": "URL",
};

export function kindLabel(kind: string): string {
  return KIND_WORDS[kind] ? `string (${KIND_WORDS[kind]})` : kind;
}

function baseType(kind: string): string {
  return kind.split(":")[0]!;
}

function deliveries(n: number): string {
  return n === 1 ? "1 delivery" : `${n} deliveries`;
}

/** `2026-11-23 09:41 UTC`: notes are text, read beside the table's own times. */
function when(iso: string | null): string {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : "—";
}

function specNotes(
  field: Omit<FieldShape, "spec" | "changes">,
  documented: ReturnType<typeof specPayload>,
): FieldNote[] {
  if (!documented) return [];
  const name = topLevelName(field.path);
  if (name === null) return [];
  const spec = Object.hasOwn(documented, name) ? documented[name]! : null;
  if (!spec) {
    return [{ code: "not_in_spec", message: "Not in the spec's payload for this event." }];
  }
  const notes: FieldNote[] = [];
  if (field.occurrences === 0) {
    notes.push({ code: "missing", message: "The spec lists it; no delivery carried it." });
  } else if (spec.required && field.occurrences < field.parentOccurrences) {
    const missing = field.parentOccurrences - field.occurrences;
    notes.push({
      code: "sometimes_missing",
      message: `The spec lists it; missing in ${missing} of ${deliveries(field.parentOccurrences)}.`,
    });
  }
  for (const kind of field.kinds) {
    if (kind.kind === "null") {
      notes.push({
        code: "null",
        message: `null in ${deliveries(kind.count)}; the spec gives ${spec.type} and does not say it can be null.`,
      });
    } else if (baseType(kind.kind) !== spec.type) {
      notes.push({
        code: "type",
        message: `${kind.kind} in ${kind.count} (e.g. ${kind.examples[0] ?? "…"}); the spec gives ${spec.type}.`,
      });
    } else if (spec.format === "date-time" && kind.kind !== "string:date-time") {
      notes.push({
        code: "format",
        message: `Not an ISO 8601 UTC timestamp in ${kind.count} (e.g. ${kind.examples[0] ?? "…"}).`,
      });
    }
  }
  return notes;
}

function changeNotes(field: Omit<FieldShape, "spec" | "changes">, event: ShapeRow): FieldNote[] {
  const notes: FieldNote[] = [];
  const n = event.deliveries;
  const first = Math.min(...field.kinds.map((k) => k.firstDelivery));
  const last = Math.max(...field.kinds.map((k) => k.lastDelivery));
  // Presence over time only means something for a field met once per delivery (not inside arrays).
  if (!field.path.includes("[]") && field.path !== "" && field.kinds.length > 0) {
    const parentAlways = field.parentOccurrences === n;
    if (parentAlways && first - 1 >= SETTLED_DELIVERIES && field.occurrences === n - first + 1) {
      notes.push({
        code: "new_field",
        message:
          first === n
            ? `New: first seen in the latest delivery (${n}), after ${n - 1} without it.`
            : `New: in every delivery since ${when(field.firstSeen)} (delivery ${first} of ${n}), never before.`,
      });
    }
    if (parentAlways && n - last >= SETTLED_DELIVERIES && field.occurrences === last - first + 1) {
      notes.push({
        code: "gone",
        message: `No longer sent: in every delivery until ${when(field.lastSeen)} (delivery ${last}), in none of the ${n - last} since.`,
      });
    }
  }
  const kinds = [...field.kinds].sort((a, b) => a.firstDelivery - b.firstDelivery);
  for (const kind of kinds) {
    if (kind.firstDelivery - first < SETTLED_DELIVERIES) continue;
    const before = kinds.filter((k) => k !== kind && k.lastDelivery < kind.firstDelivery);
    const replaced =
      before.length > 0 && kinds.every((k) => k === kind || k.lastDelivery < kind.firstDelivery);
    notes.push(
      replaced
        ? {
            code: "type_changed",
            message: `Changed to ${kindLabel(kind.kind)} on ${when(kind.firstSeen)} (delivery ${kind.firstDelivery}); ${before.map((k) => kindLabel(k.kind)).join(", ")} until ${when(before.map((k) => k.lastSeen).sort()[before.length - 1]!)}.`,
          }
        : {
            code: "new_type",
            message: `${kindLabel(kind.kind)} first seen on ${when(kind.firstSeen)} (delivery ${kind.firstDelivery} of ${n}).`,
          },
    );
  }
  return notes;
}

function presenceOf(path: string, occurrences: number, parentOccurrences: number): Presence {
  if (occurrences === 0) return "never";
  if (path.endsWith("[]")) return "in arrays";
  return occurrences >= parentOccurrences ? "always" : "sometimes";
}

export function describeShape(event: ShapeRow, rows: FieldRow[]): EventShape {
  const documented = specPayload(event.event);
  const byPath = new Map<string, KindSeen[]>();
  for (const row of rows) {
    const kinds = byPath.get(row.path) ?? [];
    kinds.push({ ...row });
    byPath.set(row.path, kinds);
  }
  // The spec's fields that never arrived still get a row, marked missing.
  if (documented) {
    for (const name of Object.keys(documented)) {
      const path = /^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`;
      if (!byPath.has(path)) byPath.set(path, []);
    }
  }
  const objectCount = (path: string | null) =>
    path === null
      ? event.deliveries
      : (byPath.get(path)?.find((k) => k.kind === "object")?.count ?? 0);
  const fields = [...byPath.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, kinds]) => {
      kinds.sort((a, b) => b.count - a.count);
      const occurrences = kinds.reduce((sum, k) => sum + k.count, 0);
      const parentOccurrences = objectCount(parentPath(path));
      const seen = kinds.map((k) => k.firstSeen).sort();
      const lastSeen = kinds.map((k) => k.lastSeen).sort();
      const base = {
        path,
        occurrences,
        parentOccurrences,
        presence: presenceOf(path, occurrences, parentOccurrences),
        nullable: kinds.some((k) => k.kind === "null"),
        kinds,
        firstSeen: seen[0] ?? null,
        lastSeen: lastSeen[lastSeen.length - 1] ?? null,
      };
      return {
        ...base,
        spec: specNotes(base, documented),
        changes: changeNotes(base, event),
      };
    });
  return { ...event, documented: documented !== null, fields };
}

export function summarizeShape(shape: EventShape): EventSummary {
  const { fields, ...rest } = shape;
  return {
    ...rest,
    fieldCount: fields.filter((f) => f.path !== "" && f.occurrences > 0).length,
    specDifferences: fields.reduce((sum, f) => sum + f.spec.length, 0),
    changes: fields.reduce((sum, f) => sum + f.changes.length, 0),
  };
}
