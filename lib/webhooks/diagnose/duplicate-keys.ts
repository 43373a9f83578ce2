import { jsonPath } from "../format";

/**
 * Keys that appear more than once in one JSON object. JSON.parse (and most parsers) keep the last value,
 * some keep the first, so the sender and the receiver may not see the same payload. Scans text that
 * JSON.parse has already accepted, iteratively (a 500,000-deep body cannot overflow the stack).
 */
export interface DuplicateKey {
  /** Path of the object holding the key, then the key: `data.status`. */
  path: string;
  count: number;
  /** The value JSON.parse keeps (the last), as written, cut to 60 characters. */
  kept: string;
  /** The values it drops, as written. */
  dropped: string[];
}

const SNIPPET = 60;
const SCALAR = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;

interface Frame {
  kind: "object" | "array";
  /** The enclosing container and this one's key or index in it: a path is built only for a duplicate. */
  parent: Frame | null;
  at: string | number | null;
  index: number;
  key: string | null;
  /** Where the container itself starts, for its span in the parent. */
  start: number;
  keys: Map<string, [number, number][]> | null;
}

function stringEnd(text: string, start: number): number {
  let j = start + 1;
  for (;;) {
    const k = text.indexOf('"', j);
    if (k < 0) return text.length - 1;
    let slashes = 0;
    while (text[k - 1 - slashes] === "\\") slashes += 1;
    if (slashes % 2 === 0) return k;
    j = k + 1;
  }
}

function snippet(text: string, [start, end]: [number, number]): string {
  const value = text.slice(start, Math.min(end, start + SNIPPET + 1));
  return end - start > SNIPPET ? `${value.slice(0, SNIPPET)}…` : value;
}

export function duplicateKeys(text: string, limit = 10): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  const stack: Frame[] = [];
  let expectKey = false;

  const pathOf = (frame: Frame): (string | number)[] => {
    const path: (string | number)[] = [];
    for (let f: Frame | null = frame; f?.parent; f = f.parent) path.push(f.at!);
    return path.reverse();
  };
  const valueEnded = (start: number, end: number) => {
    const top = stack.at(-1);
    if (top?.kind !== "object" || top.key === null || !top.keys) return;
    const spans = top.keys.get(top.key);
    if (spans) spans.push([start, end]);
    else top.keys.set(top.key, [[start, end]]);
  };
  const closeObject = (frame: Frame) => {
    for (const [key, spans] of frame.keys ?? []) {
      if (spans.length < 2 || found.length >= limit) continue;
      found.push({
        path: jsonPath([...pathOf(frame), key]),
        count: spans.length,
        kept: snippet(text, spans.at(-1)!),
        dropped: spans.slice(0, -1).map((span) => snippet(text, span)),
      });
    }
  };

  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === " " || c === "\n" || c === "\r" || c === "\t" || c === ":") {
      i += 1;
    } else if (c === "{" || c === "[") {
      const parent = stack.at(-1) ?? null;
      const frame: Frame = {
        kind: c === "{" ? "object" : "array",
        parent,
        at: parent ? (parent.kind === "array" ? parent.index : (parent.key ?? "")) : null,
        index: 0,
        key: null,
        start: i,
        keys: c === "{" ? new Map() : null,
      };
      stack.push(frame);
      expectKey = c === "{";
      i += 1;
    } else if (c === "}" || c === "]") {
      const frame = stack.pop()!;
      if (frame.kind === "object") closeObject(frame);
      valueEnded(frame.start, i + 1);
      expectKey = false;
      i += 1;
    } else if (c === ",") {
      const top = stack.at(-1);
      if (top?.kind === "array") top.index += 1;
      expectKey = top?.kind === "object";
      i += 1;
    } else if (c === '"') {
      const end = stringEnd(text, i);
      const top = stack.at(-1);
      if (expectKey && top) {
        const raw = text.slice(i + 1, end);
        // Escapes are rare in keys: only then is the key decoded (`"st\u0061tus"` is `status`).
        top.key = raw.includes("\\") ? (JSON.parse(`"${raw}"`) as string) : raw;
        expectKey = false;
        i = end + 1;
      } else {
        valueEnded(i, end + 1);
        i = end + 1;
      }
    } else {
      SCALAR.lastIndex = i;
      const match = SCALAR.exec(text);
      const end = match ? i + match[0].length : i + 1;
      valueEnded(i, end);
      i = end;
    }
  }
  return found;
}
