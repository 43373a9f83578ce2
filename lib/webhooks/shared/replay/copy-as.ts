import { jsString, printfFormat, shellQuote, shellWord } from "@/lib/text/escape";
import { forwardedHeaders } from "./forwarded-headers";

/**
 * "Copy as curl" and "Copy as fetch": a command that sends a stored delivery again, byte for byte, with the
 * headers as received (signature and timestamp included; see forwarded-headers.ts for those left out).
 * Everything in them came from an unauthenticated sender, so every field (method, URL, header names and
 * values, body) goes through lib/text/escape.ts: the outputs are plain printable ASCII whatever the delivery
 * holds, no byte of it is ever parsed as code, and no bidi or control character hides in them.
 */

export interface CopySource {
  url: string;
  method: string;
  /** As stored: one character per byte received (Latin-1), as Node and fetch read HTTP headers. */
  headers: [string, string][];
  /** The exact bytes. */
  body: Uint8Array;
}

/** RFC 9110 `token`: what a header name (and a method) may be. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * A header value as the bytes to send: stored values hold one character per byte, sent back as those bytes
 * (Latin-1). A value with a character above U+00FF did not arrive over HTTP; it is sent as its UTF-8 bytes.
 * Returned as a byte string (one character per byte), which is what fetch takes.
 */
function headerByteString(value: string): string {
  if (!/[^\x00-\xff]/.test(value)) return value;
  let bytes = "";
  for (const byte of new TextEncoder().encode(value)) bytes += String.fromCharCode(byte);
  return bytes;
}

function byteStringBytes(text: string): Uint8Array {
  return Uint8Array.from(text, (ch) => ch.charCodeAt(0));
}

interface Sendable {
  headers: [string, string][];
  redacted: string[];
  /** Stored pairs no HTTP client can send as one header (could not have arrived as one either). */
  unsendable: number;
}

/**
 * The forwarded headers that can be sent: a name that is an HTTP token, a value without NUL, CR or LF.
 * Anything else is left out (and counted): curl would read a name starting with `@` as a file of headers
 * to send, and a line break in a value would make two header lines.
 */
function sendableHeaders(stored: [string, string][]): Sendable {
  const valid = stored.filter(([name, value]) => TOKEN.test(name) && !/[\0\r\n]/.test(value));
  const { headers, redacted } = forwardedHeaders(valid);
  return { headers, redacted, unsendable: stored.length - valid.length };
}

/** What a comment says was left out; names are tokens (printable ASCII) by then. */
function leftOutNotes({ redacted, unsendable }: Sendable): string[] {
  const notes: string[] = [];
  if (redacted.length > 0) notes.push(`Redacted when stored, so left out: ${redacted.join(", ")}`);
  if (unsendable > 0) {
    notes.push(
      `Left out, not an HTTP header (a name that is not a token, or NUL, CR or LF in the value): ${unsendable}`,
    );
  }
  return notes;
}

const utf8 = (text: string) => new TextEncoder().encode(text);

/**
 * `curl` reading the body from `printf` (see printfFormat for why). Every argument is a single-quoted word or
 * a `"$(printf '…')"` of a fixed format (shellWord); options that take a value (`--request`, `--header`,
 * `--url`) are spelled out so that no field can pass for an option, and `--globoff` keeps curl from
 * expanding `[]` and `{}` in the URL into several requests. Notes are `:` commands with a quoted argument
 * rather than `#` comments: zsh's interactive shell (macOS's default) only treats `#` as a comment with
 * `interactive_comments` set, and would otherwise parse the words that follow.
 */
export function toCurl(source: CopySource): string {
  const sendable = sendableHeaders(source.headers);
  const { headers } = sendable;
  const lines = leftOutNotes(sendable).map((note) => `: ${shellQuote(note)}`);
  const args: string[] = [];
  if (source.method !== "POST") args.push(`--request ${shellWord(utf8(source.method))}`);
  for (const [name, value] of headers) {
    const bytes = headerByteString(value);
    // curl removes a header given as `Name:` with nothing after it; `Name;` sends it with an empty value.
    const line = /^[ \t]*$/.test(bytes) ? `${name};` : `${name}: ${bytes}`;
    args.push(`--header ${shellWord(byteStringBytes(line))}`);
  }
  const names = new Set(headers.map(([name]) => name.toLowerCase()));
  // curl adds headers of its own; these lines keep it from inventing what the sender did not send.
  if (!names.has("content-type")) args.push("--header 'Content-Type:'");
  if (!names.has("user-agent")) args.push("--header 'User-Agent:'");
  if (!names.has("accept")) args.push("--header 'Accept:'");
  args.push("--header 'Expect:'");
  args.push("--data-binary @-");
  args.push(`--url ${shellWord(utf8(source.url))}`);
  lines.push(`printf ${printfFormat(source.body)} | curl --silent --show-error --globoff \\`);
  lines.push(args.map((arg) => `  ${arg}`).join(" \\\n"));
  return lines.join("\n") + "\n";
}

function utf8Text(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Names (lower-cased tokens) that more than one pair carries. */
function repeatedNames(headers: [string, string][]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const [name] of headers) {
    const lower = name.toLowerCase();
    if (seen.has(lower)) repeated.add(lower);
    seen.add(lower);
  }
  return [...repeated];
}

/**
 * Node's fetch (undici) gathers the header lines in a plain object, where a key spelled exactly `__proto__`
 * sets nothing, so that one header never leaves; any other casing of it is sent.
 */
const NODE_FETCH_DROPS = "__proto__";
const NODE_FETCH_SENDS = "__PROTO__";

/**
 * A `fetch` call (Node 18+, Deno, Bun; a browser refuses some of these headers, such as User-Agent). Every
 * string is an ASCII literal (jsString). The body is bytes, so fetch adds no `Content-Type` of its own: a
 * UTF-8 body as a readable literal encoded to UTF-8 (the same bytes), any other as base64.
 */
export function toFetch(source: CopySource): string {
  const sendable = sendableHeaders(source.headers);
  const text = utf8Text(source.body);
  const lines = leftOutNotes(sendable).map((note) => `// ${note}`);
  const repeated = repeatedNames(sendable.headers);
  if (sendable.headers.some(([name]) => name === NODE_FETCH_DROPS)) {
    lines.push(
      `// ${NODE_FETCH_DROPS} is written ${NODE_FETCH_SENDS}: Node's fetch leaves out a header named exactly ${NODE_FETCH_DROPS}, and names are case-insensitive`,
    );
  }
  if (repeated.length > 0) {
    lines.push(
      `// fetch sends a repeated header as one line, its values joined by ", ": ${repeated.join(", ")}`,
    );
  }
  const bodyExpression =
    text !== null
      ? `new TextEncoder().encode(${jsString(text)})`
      : `Uint8Array.from(atob(${jsString(base64(source.body))}), (c) => c.charCodeAt(0))`;
  lines.push(`const response = await fetch(${jsString(source.url)}, {`);
  lines.push(`  method: ${jsString(source.method)},`);
  lines.push("  headers: [");
  for (const [name, value] of sendable.headers) {
    const sentName = name === NODE_FETCH_DROPS ? NODE_FETCH_SENDS : name;
    lines.push(`    [${jsString(sentName)}, ${jsString(headerByteString(value))}],`);
  }
  lines.push("  ],");
  lines.push(`  body: ${bodyExpression},`);
  lines.push('  redirect: "manual",');
  lines.push("});");
  lines.push("console.log(response.status, await response.text());");
  return lines.join("\n") + "\n";
}
