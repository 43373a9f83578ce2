import { shortened } from "@/lib/db/storable-text";
import { jsonPath } from "@/lib/webhooks/shared/format";

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
  /** The first DROPPED_LISTED values it drops, as written, each cut to 60 characters. */
  dropped: string[];
  /** How many values it drops in all (a hostile body may repeat one key 100,000 times). */
  droppedCount: number;
}

const SNIPPET = 60;
const DROPPED_LISTED = 3;
const MAX_PATH_CHARS = 120;
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
  return shortened(text.slice(start, Math.min(end, start + SNIPPET + 1)), SNIPPET);
}

/** The finding's sentence: bounded whatever the body (a path, the kept value and a few dropped ones). */
export function formatDuplicateKey(duplicate: DuplicateKey): string {
  const more = duplicate.droppedCount - duplicate.dropped.length;
  const dropped = `${duplicate.dropped.join(", ")}${more > 0 ? `, …and ${more} more` : ""}`;
  return `${duplicate.path} appears ${duplicate.count} times; JSON.parse keeps the last, ${duplicate.kept}, and drops ${dropped} (some parsers keep the first instead)`;
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
        path: shortened(jsonPath([...pathOf(frame), key]), MAX_PATH_CHARS),
        count: spans.length,
        kept: snippet(text, spans.at(-1)!),
        dropped: spans
          .slice(0, Math.min(DROPPED_LISTED, spans.length - 1))
          .map((span) => snippet(text, span)),
        droppedCount: spans.length - 1,
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
