/**
 * What PostgreSQL can hold as `text` or `jsonb`: valid UTF-8 without U+0000. A JavaScript string may hold
 * both a NUL and a lone surrogate (JSON's `\u0000` and `\ud800` parse into one), and a sender decides the
 * strings we derive from its bytes (event names, JSON values, parser messages). PostgreSQL refuses a NUL in
 * `text` and the escapes `\u0000` and a lone `\ud800` in `jsonb`, failing the whole statement; `pg` silently
 * turns a lone surrogate into U+FFFD when it sends text. So every derived string is made storable here,
 * with U+FFFD (the replacement character, which is what a UTF-8 decoder shows for the same trouble) in
 * place of each offending unit, before it becomes a parameter. Raw bytes are stored as `bytea`, never here.
 */

export const REPLACEMENT_CHARACTER = "\uFFFD";

/** A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const HAS_UNSTORABLE =
  /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether PostgreSQL would refuse (or `pg` would alter) this string as text or inside jsonb. */
export function isStorableText(value: string): boolean {
  return !HAS_UNSTORABLE.test(value);
}

/** The string with every NUL and lone surrogate replaced by U+FFFD; the same string when there is none. */
export function storableText(value: string): string;
export function storableText(value: string | null): string | null;
export function storableText(value: string | null): string | null {
  if (value === null || isStorableText(value)) return value;
  return value.replace(UNSTORABLE, REPLACEMENT_CHARACTER);
}

/** A storable string cut to at most `max` UTF-16 units, never between the two halves of a surrogate pair. */
export function truncateText(value: string, max: number): string {
  if (value.length <= max) return value;
  const cut = /[\uD800-\uDBFF]/.test(value[max - 1] ?? "") ? max - 1 : max;
  return value.slice(0, cut);
}

/** The string, or its first `max` UTF-16 units (whole characters) and "…" when it is longer. */
export function shortened(value: string, max: number): string {
  return value.length <= max ? value : `${truncateText(value, max)}…`;
}

/**
 * JSON text for a `jsonb` parameter: every string value and key made storable. The derived values stored
 * as jsonb (header pairs, findings, event-shape observations) are plain data: no toJSON, no cycles.
 */
export function storableJson(value: unknown): string {
  return JSON.stringify(value, function (this: unknown, _key, inner: unknown) {
    if (typeof inner === "string") return storableText(inner);
    if (inner && typeof inner === "object" && !Array.isArray(inner)) {
      const keys = Object.keys(inner);
      if (keys.some((key) => !isStorableText(key))) {
        return Object.fromEntries(
          Object.entries(inner).map(([key, item]) => [storableText(key), item]),
        );
      }
    }
    return inner;
  });
}
