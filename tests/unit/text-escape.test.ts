import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonText, jsString } from "@/lib/text/escape";
import { hostileText } from "../support/hostile";
import { pythonSplitlines } from "../support/splitlines";
import { readJsonStrictly } from "../support/strict-json";

/**
 * The text primitives shared by every export and copied command (the shell ones are run for real in
 * replay-copy-as.test.ts, the CSV one in projects-export.test.ts).
 */

const record = fc.dictionary(
  hostileText(3),
  fc.oneof(hostileText(), fc.integer(), fc.constant(null)),
  {
    maxKeys: 4,
  },
);

describe("jsonText", () => {
  it("property: records joined by line feeds are one line each for Python's splitlines, and read back", () => {
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 5 }), (records) => {
        const text = records.map((r) => `${jsonText(r)}\n`).join("");
        const lines = pythonSplitlines(text);
        expect(lines).toHaveLength(records.length);
        // Against what plain JSON.stringify reads back as: the escapes change no value. Read without V8's
        // JSON.parse, which misreads some escaped keys (tests/support/strict-json.ts).
        const back = lines.map(readJsonStrictly);
        const plain = records.map((r) => readJsonStrictly(JSON.stringify(r)));
        expect(isDeepStrictEqual(back, plain), JSON.stringify(records)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it("property: indented, it holds no raw separator or bidi control and reads back", () => {
    fc.assert(
      fc.property(record, (r) => {
        const text = jsonText(r, 2);
        expect(text).not.toMatch(
          /[\u0085\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/,
        );
        const plain = readJsonStrictly(JSON.stringify(r));
        expect(isDeepStrictEqual(readJsonStrictly(text), plain), JSON.stringify(r)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("keeps letters of every script readable", () => {
    expect(jsonText({ town: "Saint-Étienne שלום 東京 🚀", x: "\u202e\u2028" })).toBe(
      '{"town":"Saint-Étienne שלום 東京 🚀","x":"\\u202e\\u2028"}',
    );
  });
});

describe("jsString", () => {
  it("property: printable ASCII, and JavaScript reads it back to the same string (lone surrogates too)", () => {
    fc.assert(
      fc.property(hostileText(), (value) => {
        const literal = jsString(value);
        expect(literal).toMatch(/^"[\x20-\x7e]*"$/);
        // A literal, evaluated on its own, is exactly the string: nothing closed it early.
        expect(new Function(`return ${literal};`)()).toBe(value);
        expect(JSON.parse(literal)).toBe(value);
      }),
      { numRuns: 1000 },
    );
  });
});
