/**
 * Escaping for everything that turns stored bytes (a sender's headers and body, a service's project names)
 * into text a person runs or pastes: a shell command, JavaScript or TypeScript source, JSON or NDJSON, a CSV
 * cell. Every byte is treated as hostile: the output either means exactly the input or cannot be run at all.
 *
 * One module for all of them, with no imports (no server code, no Node built-ins), so the browser ("Copy as"),
 * the server (exports) and the coming command-line tool (its own output) share the same rules.
 */

// ---------------------------------------------------------------------------------------------------------
// Characters that change how text around them reads or splits

/**
 * Controls (C0, DEL, C1 such as U+0085 NEL), format characters (bidi embeddings, overrides, isolates and marks
 * U+202A–202E, U+2066–2069, U+200E/200F, U+061C; zero-width characters; the BOM; tags), the line and paragraph
 * separators U+2028/2029, and lone surrogates. Each either breaks a line for some reader (Python's
 * `splitlines()`, JavaScript before ES2019, editors) or displays text in another order than it is stored.
 * Except the line feed: `JSON.stringify` writes one raw only between members when it indents (never in a string).
 */
const UNSAFE_IN_JSON = /(?!\n)[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

/** `\uXXXX` for each UTF-16 code unit (a character outside the BMP becomes its surrogate pair's escapes). */
function unicodeEscapes(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    out += `\\u${text.charCodeAt(i).toString(16).padStart(4, "0")}`;
  }
  return out;
}

/**
 * `JSON.stringify` whose output holds no character of UNSAFE_IN_JSON: those are
 * written as `\uXXXX` escapes, which every JSON parser reads back to the same string. (Outside string
 * literals `JSON.stringify` writes only ASCII punctuation, digits and the indent, and inside them it already
 * escapes every C0 control, so replacing in the whole text only ever touches string contents.) Letters of
 * every script stay readable.
 */
export function jsonText(value: unknown, indent?: number): string {
  const text = JSON.stringify(value, null, indent) as string | undefined;
  if (text === undefined) throw new TypeError("jsonText: the value has no JSON form");
  return text.replace(UNSAFE_IN_JSON, unicodeEscapes);
}

/**
 * A JavaScript, TypeScript and JSON string literal in printable ASCII: JSON's escapes, and every other code
 * unit (non-ASCII, U+2028/2029, bidi controls, each half of a lone surrogate) as `\uXXXX`. Nothing a
 * terminal, clipboard or editor does to non-ASCII text can alter it, and it cannot display reordered.
 */
export function jsString(value: string): string {
  return JSON.stringify(value).replace(/[^\x20-\x7e]/g, unicodeEscapes);
}

// ---------------------------------------------------------------------------------------------------------
// POSIX shell

/**
 * Single-quoted for a POSIX shell (sh, dash, bash, zsh, ksh): nothing inside is interpreted; a quote is
 * closed, escaped, reopened. Meant for printable ASCII; for arbitrary bytes use `shellWord`.
 */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

const isOctalDigit = (byte: number | undefined) =>
  byte !== undefined && byte >= 0x30 && byte <= 0x37;

/** A single-quoted `printf` format printing exactly `bytes`: those `keep` allows as themselves, others as octal. */
function printfEscapes(bytes: Uint8Array, keep: (byte: number) => boolean): string {
  let out = "";
  let afterEscape = false;
  bytes.forEach((byte, i) => {
    const octal =
      !keep(byte) ||
      // A leading `-` would make printf take the format for an option.
      (byte === 0x2d && i === 0) ||
      // A digit right after an octal escape could be read as its fourth digit (zsh reads `\0NNN`).
      (afterEscape && isOctalDigit(byte));
    afterEscape = octal;
    if (octal) out += `\\${byte.toString(8).padStart(3, "0")}`;
    else if (byte === 0x25) out += "%%";
    else if (byte === 0x5c) out += "\\\\";
    else out += String.fromCharCode(byte);
  });
  return `'${out}'`;
}

/**
 * The bytes as a single-quoted `printf` format that prints exactly them, in plain ASCII: printable ASCII as
 * itself (`%` and `\` doubled), a line feed kept as a line break (so JSON stays readable; inside single
 * quotes it is only a character), and as a three-digit octal escape every other byte (NUL, CR, tab, DEL,
 * non-ASCII, bytes that are not UTF-8), `'` (`\047`: the format never holds a quote to close) and `!`
 * (`\041`: no history expansion ever sees one).
 * POSIX printf (a built-in of bash, dash, zsh, ksh and busybox; coreutils otherwise) turns each escape back
 * into its byte, whatever the locale. Unlike `$'…'` (not POSIX: older dash prints it literally; stops at NUL),
 * a here-doc (adds a final newline, no NUL) or base64 (needs a tool whose decode flag differs between GNU and
 * macOS, and nobody can read it), this reproduces any bytes in any POSIX shell and stays readable.
 */
export function printfFormat(bytes: Uint8Array): string {
  return printfEscapes(
    bytes,
    (byte) => byte === 0x0a || (byte >= 0x20 && byte <= 0x7e && byte !== 0x27 && byte !== 0x21),
  );
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
/** Nothing any shell gives a meaning to in any context: the format inside `"$(…)"` holds only these. */
const PLAIN_BYTE = /^[A-Za-z0-9 ,.:;/=_+@-]$/;

/**
 * A shell word that expands to exactly these bytes, for an argument: printable ASCII single-quoted as
 * itself; anything else as `"$(printf '…')"`, POSIX command substitution of a fixed, single-quoted format
 * in which every byte but letters, digits and plain punctuation is an octal escape (so no quote, backquote,
 * `$` or parenthesis can confuse an old shell's search for the end of the substitution). Inert whatever the
 * bytes; exact unless they hold NUL (no argument can) or end in line feeds (command substitution drops
 * them), which an HTTP header line never does.
 */
export function shellWord(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  if (PRINTABLE_ASCII.test(text)) return shellQuote(text);
  return `"$(printf ${printfEscapes(bytes, (byte) => PLAIN_BYTE.test(String.fromCharCode(byte)))})"`;
}

// ---------------------------------------------------------------------------------------------------------
// CSV

/**
 * What an importer may drop before it looks at a cell: whitespace (space, tab, CR, NBSP, U+3000…), controls,
 * format characters (zero-width space/joiners U+200B–U+200D, word joiner U+2060, BOM U+FEFF, bidi controls,
 * soft hyphen) and the other default-ignorable characters (Hangul fillers, variation selectors, tags).
 */
const IGNORABLE = String.raw`\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}`;

/**
 * A spreadsheet runs a cell starting with one of these as a formula (OWASP "CSV injection"): `= + - @`, tab
 * and CR, and their full-width and small forms (U+FF1D ＝ U+FF0B ＋ U+FF0D － U+FF20 ＠, U+FE66 U+FE62 U+FE63
 * U+FE6B), which some importers fold to ASCII; also when they stand behind characters an importer trims.
 */
const FORMULA_START = new RegExp(
  String.raw`^[${IGNORABLE}]*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B]`,
  "u",
);

/**
 * One RFC 4180 field. A value that could start a formula, or that itself starts with an apostrophe, gets an
 * apostrophe in front (OWASP's advice; spreadsheets show it as text). So every such cell starts with `'`,
 * no other does, and removing one leading apostrophe gives back the exact text. Quoted (quotes doubled)
 * when it holds a quote, comma, CR or LF.
 */
export function csvCell(value: string): string {
  const safe = value.startsWith("'") || FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

// ---------------------------------------------------------------------------------------------------------
// XML (JUnit reports)

/** Code points XML 1.0 cannot hold at all, not even as a character reference. */
const XML_ILLEGAL = /^[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\p{Cs}]$/u;

const XML_ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
  "\\": "\\\\",
};

/**
 * Text for an XML attribute value or element content (a JUnit report of a handler's answers). The markup
 * characters become entities; tab, CR, LF and everything of UNSAFE_IN_JSON that XML allows become numeric
 * references (so an attribute keeps its line breaks and the file shows no bidi or invisible characters raw);
 * what XML cannot hold at all (most C0 controls, U+FFFE/FFFF, lone surrogates) becomes the text `\uXXXX`, and a
 * backslash is doubled so that text cannot be mistaken for one. The result is always well-formed, and undoing
 * `\\` and `\uXXXX` after parsing gives back the exact input.
 */
export function xmlText(text: string): string {
  return text.replace(/[&<>"'\\]|[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\ufffe\uffff]/gu, (char) => {
    const entity = XML_ENTITIES[char];
    if (entity) return entity;
    if (XML_ILLEGAL.test(char)) return unicodeEscapes(char);
    return `&#x${char.codePointAt(0)!.toString(16)};`;
  });
}

// ---------------------------------------------------------------------------------------------------------
// HTML (the shared delivery page, rendered on the server without React)

const HTML_ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Text for HTML element content or a quoted attribute value: the markup characters become entities, so no
 * byte of the input can open a tag, close an attribute or start an entity; the characters of UNSAFE_IN_JSON
 * (controls, bidi overrides, zero-width characters) are shown as `\uXXXX`, so the page cannot display text in
 * another order than it is stored. For reading, not for copying back byte for byte.
 */
export function htmlText(text: string): string {
  return text.replace(
    /[&<>"']|(?![\t\n\r])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu,
    (char) => HTML_ENTITIES[char] ?? unicodeEscapes(char),
  );
}
