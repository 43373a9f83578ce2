import { forwardedHeaders } from "./forwarded-headers";

/**
 * "Copy as curl" and "Copy as fetch": a command that sends a stored delivery again, byte for byte, with the
 * headers as received (signature and timestamp included; see forwarded-headers.ts for those left out).
 * Both outputs are plain ASCII whatever the body holds, so no terminal, clipboard or editor can alter a
 * byte, and no bidi or control character hides in them.
 */

export interface CopySource {
  url: string;
  method: string;
  headers: [string, string][];
  /** The exact bytes. */
  body: Uint8Array;
}

/** Single-quoted for a POSIX shell: nothing inside is interpreted; a quote is closed, escaped, reopened. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * The body as a `printf` format (single-quoted): printable ASCII as itself, `%` and `\` doubled, a line feed
 * kept as a line break (so JSON stays readable), every other byte (NUL, CR, non-ASCII, DEL) as a
 * three-digit octal escape, which every `printf` (bash, zsh, dash, coreutils) turns back into that byte.
 * Unlike a here-doc (which adds a final newline and cannot hold NUL) or `$'…'` (which stops at NUL), this
 * reproduces any bytes.
 */
export function printfFormat(body: Uint8Array): string {
  let out = "";
  for (const byte of body) {
    if (byte === 0x25) out += "%%";
    else if (byte === 0x5c) out += "\\\\";
    else if (byte === 0x27) out += `'\\''`;
    else if (byte === 0x0a || (byte >= 0x20 && byte < 0x7f)) out += String.fromCharCode(byte);
    else out += `\\${byte.toString(8).padStart(3, "0")}`;
  }
  return `'${out}'`;
}

export function toCurl(source: CopySource): string {
  const { headers, redacted } = forwardedHeaders(source.headers);
  const lines: string[] = [];
  if (redacted.length > 0) {
    lines.push(`# Redacted when stored, so left out: ${redacted.join(", ")}`);
  }
  const args: string[] = [];
  if (source.method !== "POST") args.push(`--request ${shellQuote(source.method)}`);
  for (const [name, value] of headers) {
    const printable = /^[\x20-\x7e]*$/.test(value);
    // `$'…'` writes any other byte of a header value exactly (header values never hold NUL).
    args.push(
      `--header ${printable ? shellQuote(`${name}: ${value}`) : `$'${name}: ${ansiC(value)}'`}`,
    );
  }
  const names = new Set(headers.map(([name]) => name.toLowerCase()));
  // curl adds headers of its own; these lines keep it from inventing what the sender did not send.
  if (!names.has("content-type")) args.push("--header 'Content-Type:'");
  if (!names.has("user-agent")) args.push("--header 'User-Agent:'");
  if (!names.has("accept")) args.push("--header 'Accept:'");
  args.push("--header 'Expect:'");
  args.push("--data-binary @-");
  args.push(shellQuote(source.url));
  lines.push(`printf ${printfFormat(source.body)} | curl --silent --show-error \\`);
  lines.push(args.map((arg) => `  ${arg}`).join(" \\\n"));
  return lines.join("\n") + "\n";
}

/** Bash ANSI-C quoting of a header value: UTF-8 bytes outside printable ASCII as \xHH. */
function ansiC(value: string): string {
  let out = "";
  for (const byte of new TextEncoder().encode(value)) {
    if (byte === 0x27 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte >= 0x20 && byte < 0x7f) out += String.fromCharCode(byte);
    else out += `\\x${byte.toString(16).padStart(2, "0")}`;
  }
  return out;
}

/** A JavaScript string literal in ASCII: JSON's escapes, and every non-ASCII character as \uXXXX. */
export function jsString(value: string): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

function isUtf8(bytes: Uint8Array): string | null {
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

/**
 * A `fetch` call (Node 18+, Deno, Bun; a browser refuses some of these headers, such as User-Agent). A
 * UTF-8 body is a string literal (fetch sends it as UTF-8, the same bytes); other bytes travel as base64.
 */
export function toFetch(source: CopySource): string {
  const { headers, redacted } = forwardedHeaders(source.headers);
  const text = isUtf8(source.body);
  const lines: string[] = [];
  if (redacted.length > 0) {
    lines.push(`// Redacted when stored, so left out: ${redacted.join(", ")}`);
  }
  const bodyExpression =
    text !== null
      ? jsString(text)
      : `Uint8Array.from(atob(${jsString(base64(source.body))}), (c) => c.charCodeAt(0))`;
  lines.push(`const response = await fetch(${jsString(source.url)}, {`);
  lines.push(`  method: ${jsString(source.method)},`);
  lines.push("  headers: [");
  for (const [name, value] of headers) lines.push(`    [${jsString(name)}, ${jsString(value)}],`);
  lines.push("  ],");
  lines.push(`  body: ${bodyExpression},`);
  lines.push('  redirect: "manual",');
  lines.push("});");
  lines.push("console.log(response.status, await response.text());");
  return lines.join("\n") + "\n";
}
