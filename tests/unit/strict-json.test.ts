import { describe, expect, it } from "vitest";
import { readJsonStrictly } from "../support/strict-json";

/**
 * The property tests' JSON reader (tests/support/strict-json.ts), which stands in for V8's JSON.parse where
 * that one misreads escaped keys (nodejs/node#63785).
 */
describe("readJsonStrictly", () => {
  it("reads an escaped key as written, after the process has parsed a `\\` key", () => {
    // The sequence that makes V8 (Node 24) read the second key as `\`.
    JSON.parse(String.raw`{"\\":1}`);
    const back = readJsonStrictly(String.raw`{"\u202e":1}`) as Record<string, number>;
    expect(Object.keys(back)).toEqual(["\u202e"]);
    expect(Object.keys(readJsonStrictly(String.raw`{"h":1,"\"":2}`) as object)).toEqual(["h", '"']);
  });

  it("reads values as JSON.parse does: `__proto__` an own key, the last of a repeated key, lone surrogates", () => {
    const back = readJsonStrictly(
      String.raw`{"__proto__":{"a":[1,-2.5e1,null,true,"\udc00"]},"k":1,"k":2}`,
    ) as Record<string, unknown>;
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(Object.keys(back)).toEqual(["__proto__", "k"]);
    expect(Object.getOwnPropertyDescriptor(back, "__proto__")!.value).toEqual({
      a: [1, -25, null, true, "\udc00"],
    });
    expect(back.k).toBe(2);
  });

  it("refuses what is not strict JSON, as JSON.parse does", () => {
    for (const text of ["{", '{"a":1,}', "// c\n1", "", "[1] [2]"]) {
      expect(() => readJsonStrictly(text), text).toThrow(SyntaxError);
    }
  });
});
