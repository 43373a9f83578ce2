/**
 * Pure formatting for the inspector: sizes, hex dumps, JSON paths and a pretty
 * printer with a budget. Everything here is written for hostile input: bounded output, no recursion.
 */

export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(size < 10 * 1024 ? 1 : 0)} KB`;
  return `${(size / (1024 * 1024)).toFixed(1)} MB`;
}

/** Classic 16-bytes-a-line dump with offsets and printable ASCII, at most `maxBytes` bytes. */
export function hexDump(bytes: Uint8Array, maxBytes = 64 * 1024): string {
  const lines: string[] = [];
  const end = Math.min(bytes.length, maxBytes);
  for (let offset = 0; offset < end; offset += 16) {
    const row = bytes.subarray(offset, Math.min(offset + 16, end));
    const hex = Array.from(row, (b) => b.toString(16).padStart(2, "0")).join(" ");
    const ascii = Array.from(row, (b) =>
      b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : ".",
    ).join("");
    lines.push(`${offset.toString(16).padStart(8, "0")}  ${hex.padEnd(47)}  ${ascii}`);
  }
  return lines.join("\n");
}

export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `data.items[3]["odd key"]`, as a developer would write it to reach the value. */
export function jsonPath(path: readonly (string | number)[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else if (IDENTIFIER.test(key)) out += out ? `.${key}` : key;
    else out += `[${JSON.stringify(key)}]`;
  }
  return out || "(root)";
}

/**
 * JSON.stringify(value, null, 2) with a budget: at most `maxChars` characters, and indentation that stops
 * growing past `maxIndentDepth` (10,000 nested arrays would otherwise need 100 million spaces). Iterative,
 * so depth cannot overflow the stack. Says where it stopped.
 */
export function prettyJson(
  value: unknown,
  { maxChars = 512 * 1024, maxIndentDepth = 40 } = {},
): { text: string; truncated: boolean } {
  let out = "";
  let truncated = false;
  type Frame = { entries: [string | null, unknown][]; index: number; close: string; depth: number };
  const indent = (depth: number) => "  ".repeat(Math.min(depth, maxIndentDepth));
  const stack: Frame[] = [];
  const open = (v: unknown, depth: number): string => {
    if (Array.isArray(v)) {
      if (v.length === 0) return "[]";
      stack.push({ entries: v.map((item) => [null, item]), index: 0, close: "]", depth });
      return "[";
    }
    if (v !== null && typeof v === "object") {
      const entries = Object.entries(v);
      if (entries.length === 0) return "{}";
      stack.push({ entries, index: 0, close: "}", depth });
      return "{";
    }
    return JSON.stringify(v) ?? "null";
  };
  out += open(value, 0);
  while (stack.length > 0) {
    if (out.length > maxChars) {
      truncated = true;
      break;
    }
    const frame = stack.at(-1)!;
    if (frame.index >= frame.entries.length) {
      stack.pop();
      out += `\n${indent(frame.depth)}${frame.close}`;
      continue;
    }
    const [key, item] = frame.entries[frame.index]!;
    out += `${frame.index > 0 ? "," : ""}\n${indent(frame.depth + 1)}${key === null ? "" : `${JSON.stringify(key)}: `}`;
    frame.index += 1;
    out += open(item, frame.depth + 1);
  }
  if (truncated) out = `${out.slice(0, maxChars)}\n… (cut here: the rest is in the Raw tab)`;
  return { text: out, truncated };
}
