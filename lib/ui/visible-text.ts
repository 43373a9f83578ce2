/**
 * Makes the invisible characters of a user- or service-supplied string visible, so that what a member reads is
 * what the string holds: a U+202E (right-to-left override) cannot reverse the rest of a line, a NUL or an escape
 * cannot hide, and a zero-width space cannot make two different names look the same.
 */

export type VisibleSegment =
  { kind: "text"; text: string } | { kind: "hidden"; code: string; name: string; marker: string };

/** Bidirectional formatting characters: they would reorder the text around them if rendered. */
const BIDI_NAMES: Record<number, string> = {
  0x061c: "Arabic letter mark",
  0x200e: "Left-to-right mark",
  0x200f: "Right-to-left mark",
  0x202a: "Left-to-right embedding",
  0x202b: "Right-to-left embedding",
  0x202c: "Pop directional formatting",
  0x202d: "Left-to-right override",
  0x202e: "Right-to-left override",
  0x2066: "Left-to-right isolate",
  0x2067: "Right-to-left isolate",
  0x2068: "First strong isolate",
  0x2069: "Pop directional isolate",
};

/** Invisible characters that are not controls but are used to make different strings look alike. */
const INVISIBLE_NAMES: Record<number, string> = {
  0x00ad: "Soft hyphen",
  0x200b: "Zero-width space",
  0x2060: "Word joiner",
  0xfeff: "Zero-width no-break space",
  0x2028: "Line separator",
  0x2029: "Paragraph separator",
};

// Zero-width joiner/non-joiner (U+200C/U+200D) are left alone: emoji sequences and Persian and Indic scripts need them.
const HIDDEN =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u200b\u200e\u200f\u2028-\u202e\u2060\u2066-\u2069\ufeff]/g;

function codeOf(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
}

function describe(char: string): { name: string; marker: string } {
  const point = char.codePointAt(0)!;
  if (point <= 0x1f) {
    // Unicode's Control Pictures block has a visible glyph for each C0 control (␀, ␉, ␊, ␛…).
    return {
      name: `Control character ${codeOf(char)}`,
      marker: String.fromCodePoint(0x2400 + point),
    };
  }
  if (point === 0x7f) return { name: "Delete control character", marker: "\u2421" };
  const name = BIDI_NAMES[point] ?? INVISIBLE_NAMES[point] ?? `Control character ${codeOf(char)}`;
  return { name, marker: codeOf(char) };
}

/** Splits a string into plain text and the invisible characters in it, in order. */
export function visibleSegments(value: string): VisibleSegment[] {
  const segments: VisibleSegment[] = [];
  let last = 0;
  for (const match of value.matchAll(HIDDEN)) {
    const at = match.index;
    if (at > last) segments.push({ kind: "text", text: value.slice(last, at) });
    segments.push({ kind: "hidden", code: codeOf(match[0]), ...describe(match[0]) });
    last = at + match[0].length;
  }
  if (last < value.length) segments.push({ kind: "text", text: value.slice(last) });
  return segments;
}

/** The same string as plain text, each invisible character written as its marker in brackets ("[U+202E]"). */
export function visibleText(value: string): string {
  return visibleSegments(value)
    .map((segment) => (segment.kind === "text" ? segment.text : `[${segment.marker}]`))
    .join("");
}

/** True when the string holds a character that `visibleSegments` would mark. */
export function hasHiddenCharacters(value: string): boolean {
  HIDDEN.lastIndex = 0;
  const found = HIDDEN.test(value);
  HIDDEN.lastIndex = 0;
  return found;
}
