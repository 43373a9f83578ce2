import fc from "fast-check";

/**
 * fast-check arbitraries for what a hostile sender (or service) can put in stored text and bytes, for the
 * property tests of everything that turns them into a command, source code or a file: random characters
 * mixed with the pieces that break quoting, lines and reading order. Each shell or JS payload, if it ever
 * runs, creates a file named `pwned` in the current folder, which the tests check for.
 */

/** Pieces that end a quote, start a substitution or a new command, in shell and JavaScript. */
export const INJECTIONS = [
  "$(touch pwned)",
  "`touch pwned`",
  "'$(touch pwned)'",
  "'`touch pwned`'",
  "'; touch pwned; '",
  '"; touch pwned; "',
  "\ntouch pwned\n",
  "\r\ntouch pwned #",
  "${IFS}touch${IFS}pwned",
  "$'\\x27'",
  "!!",
  "%s%n%b\\c",
  "\\",
  "\\'",
  '\\"',
  "*/",
  '"); require("node:fs").writeFileSync("pwned", ""); ("',
  "${require('node:fs').writeFileSync('pwned', '')}",
  "\u2028require('node:fs').writeFileSync('pwned', '')//",
  "-o pwned",
  "@pwned",
  "{a,b}[1-2]",
];

/** Characters that break lines for some reader, reorder text, or hide. */
export const INVISIBLES = [
  "\u0000",
  "\u000b",
  "\u000c",
  "\u001c",
  "\u001d",
  "\u001e",
  "\u0085",
  "\u00a0",
  "\u00ad",
  "\u034f",
  "\u061c",
  "\u115f",
  "\u180e",
  "\u200b",
  "\u200c",
  "\u200d",
  "\u200e",
  "\u200f",
  "\u2028",
  "\u2029",
  "\u202a",
  "\u202b",
  "\u202c",
  "\u202d",
  "\u202e",
  "\u2060",
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069",
  "\u3000",
  "\u3164",
  "\ufe0f",
  "\ufeff",
  "\u{e0020}",
];

/** Halves of a surrogate pair on their own: valid in a JS string, not in UTF-8. */
export const LONE_SURROGATES = ["\ud800", "\udbff", "\udc00", "\udfff"];

/** Any string: random code points (all of Unicode) interleaved with the pieces above. */
export const hostileText = (maxLength = 8): fc.Arbitrary<string> =>
  fc
    .array(
      fc.oneof(
        { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 6 }) },
        { weight: 2, arbitrary: fc.constantFrom(...INJECTIONS) },
        { weight: 2, arbitrary: fc.constantFrom(...INVISIBLES, ...LONE_SURROGATES) },
        { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 4 }) },
      ),
      { maxLength },
    )
    .map((parts) => parts.join(""));

/** Byte sequences that are not UTF-8: stray continuation, overlong, surrogate, beyond U+10FFFF, truncated. */
export const INVALID_UTF8 = [
  [0xff],
  [0x80],
  [0xc0, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
  [0xe2, 0x82],
];

/** Any bytes: random ones, NUL, CR LF, quotes, scripts, invalid UTF-8 and UTF-8 of hostile text. */
export const hostileBytes = (maxParts = 10): fc.Arbitrary<Uint8Array> =>
  fc
    .array(
      fc.oneof(
        { weight: 3, arbitrary: fc.uint8Array({ maxLength: 12 }) },
        { weight: 2, arbitrary: fc.constantFrom(...INVALID_UTF8).map((b) => Uint8Array.from(b)) },
        { weight: 3, arbitrary: hostileText(3).map((t) => new TextEncoder().encode(t)) },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom("#!/bin/sh\ntouch pwned\n", "-", "0", "7", "\u0000", "\r\n", "%")
            .map((t) => new TextEncoder().encode(t)),
        },
      ),
      { maxLength: maxParts },
    )
    .map((parts) => Uint8Array.from(parts.flatMap((p) => [...p])));
