import fc from "fast-check";
import type { EventShape, FieldRow } from "@/lib/webhooks/shared/event-shapes/describe";
import { describeShape } from "@/lib/webhooks/shared/event-shapes/describe";
import { observeData, SHAPE_LIMITS } from "@/lib/webhooks/shared/event-shapes/observe";
import { hostileText } from "./hostile";

const AT = "2026-11-20T08:00:00.000Z";

/**
 * An event's shape from its payloads, folded the way the store folds them (record.ts): one row per
 * (path, kind), counts summed, the delivery numbers of first and last sight. Delivery i is seen `at(i)`.
 */
export function shapeOf(
  event: string,
  payloads: unknown[],
  at: (delivery: number) => string = () => AT,
): EventShape {
  const rows = new Map<string, FieldRow>();
  payloads.forEach((data, i) => {
    for (const o of observeData(data).observations) {
      const key = `${o.kind} ${o.path}`;
      const row = rows.get(key);
      if (row) {
        row.count += o.count;
        row.lastSeen = at(i + 1);
        row.lastDelivery = i + 1;
        if (o.example !== null && row.examples.length < 3) row.examples.push(o.example);
      } else
        rows.set(key, {
          path: o.path,
          kind: o.kind,
          count: o.count,
          firstSeen: at(i + 1),
          lastSeen: at(i + 1),
          firstDelivery: i + 1,
          lastDelivery: i + 1,
          examples: o.example === null ? [] : [o.example],
        });
    }
  });
  return describeShape(
    {
      event,
      deliveries: payloads.length,
      firstSeen: at(1),
      lastSeen: at(payloads.length),
      droppedFields: 0,
      truncatedDeliveries: 0,
    },
    [...rows.values()],
  );
}

/**
 * Field names: anything (short enough that neither the name nor the path is cut), and names JavaScript
 * objects treat specially.
 */
export const hostileKey = fc.oneof(
  hostileText(3).filter(
    (k) =>
      k.length <= SHAPE_LIMITS.maxKeyChars &&
      JSON.stringify(k).length < SHAPE_LIMITS.maxPathChars / 3,
  ),
  fc.constantFrom("__proto__", "constructor", "toString", "", "0", "1e3", "a b", "*/", "\u202e"),
);

const leaf = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));

/** A `data` object of up to 4 fields a level, nested, with the given field names. */
export const hostilePayload = (key: fc.Arbitrary<string> = hostileKey) =>
  fc.letrec((tie) => ({
    object: fc
      .uniqueArray(fc.tuple(key, fc.oneof({ depthSize: "small" }, leaf, tie("object"))), {
        selector: ([k]) => k,
        maxLength: 4,
      })
      .map((entries) => {
        const object: Record<string, unknown> = {};
        // defineProperty, as JSON.parse does: `__proto__` is an own field, not the prototype.
        for (const [k, v] of entries)
          Object.defineProperty(object, k, { value: v, enumerable: true });
        return object;
      }),
  })).object;
