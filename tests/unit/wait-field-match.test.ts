import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fieldsMatch, parseFieldMatch, type FieldMatch } from "@/lib/webhooks/shared/field-match";
import { waitQuerySchema, WAIT_TIMEOUT_MAX_SECONDS } from "@/lib/webhooks/shared/wait";
import { readJsonStrictly } from "../support/strict-json";

/**
 * The `match=` conditions of "wait for a delivery" (GET /api/webhooks/deliveries/wait, `project-console
 * wait`): what a caller types, and which bodies it selects. The waits themselves, over HTTP with a real
 * database, are in tests/e2e/webhook-wait.spec.ts.
 */

const condition = (text: string): FieldMatch => {
  const parsed = parseFieldMatch(text);
  if (typeof parsed === "string") throw new Error(parsed);
  return parsed;
};
const selects = (body: unknown, ...texts: string[]) => fieldsMatch(body, texts.map(condition));

describe("parseFieldMatch", () => {
  it("splits at the first =: the value may hold = and may be empty", () => {
    expect(parseFieldMatch("data.task_id=123")).toEqual({
      path: ["data", "task_id"],
      value: "123",
    });
    expect(parseFieldMatch("data.q=a=b")).toEqual({ path: ["data", "q"], value: "a=b" });
    expect(parseFieldMatch("data.note=")).toEqual({ path: ["data", "note"], value: "" });
  });

  it("refuses what is not path=value with a sentence that shows the form", () => {
    for (const bad of ["data.task_id", "=123", "data..id=1", ".data=1", "data.=1", " =1"]) {
      expect(parseFieldMatch(bad), bad).toMatch(/data\.task_id/);
    }
    expect(parseFieldMatch(`${"a.".repeat(40)}b=1`)).toMatch(/at most 32 segments/);
    expect(parseFieldMatch(`a=${"x".repeat(2000)}`)).toMatch(/at most 1000 characters/);
  });
});

describe("fieldsMatch", () => {
  const body = {
    event: "task.completed",
    data: {
      task_id: 123,
      code: "123",
      done: true,
      note: null,
      price: 1.5,
      tags: ["a", { id: 7 }],
      nested: { x: 1 },
    },
  };

  it("reads a typed-in value as whatever the body holds there", () => {
    expect(selects(body, "data.task_id=123")).toBe(true);
    expect(selects(body, "data.task_id=123.0")).toBe(true);
    expect(selects(body, "data.code=123")).toBe(true);
    expect(selects(body, "data.code=123.0")).toBe(false);
    expect(selects(body, "data.done=true")).toBe(true);
    expect(selects(body, "data.done=1")).toBe(false);
    expect(selects(body, "data.note=null")).toBe(true);
    expect(selects(body, "data.note=")).toBe(false);
    expect(selects(body, "data.price=1.5")).toBe(true);
    expect(selects(body, "data.task_id= 123")).toBe(false);
    expect(selects(body, "data.task_id=0x7b")).toBe(false);
  });

  it("walks arrays by index; objects, arrays and missing fields never match", () => {
    expect(selects(body, "data.tags.0=a")).toBe(true);
    expect(selects(body, "data.tags.1.id=7")).toBe(true);
    expect(selects(body, "data.tags.01=a")).toBe(false);
    expect(selects(body, "data.nested=[object Object]")).toBe(false);
    expect(selects(body, "data.missing=")).toBe(false);
    expect(selects(body, "data.task_id.x=1")).toBe(false);
    expect(selects(body, "data.constructor=")).toBe(false);
    expect(selects(body, "data.__proto__=null")).toBe(false);
  });

  it("needs every condition, and none selects every body", () => {
    expect(selects(body, "data.task_id=123", "event=task.completed")).toBe(true);
    expect(selects(body, "data.task_id=123", "event=task.created")).toBe(false);
    expect(selects("not an object", "data.task_id=123")).toBe(false);
    expect(fieldsMatch(undefined, [])).toBe(true);
  });

  it("finds any string or number at any key by the text a caller would type for it", () => {
    // What a path can name: no `.` or `=` in a key, and not only spaces (refused as an empty segment).
    const key = fc
      .string({ minLength: 1 })
      .filter((k) => !k.includes(".") && !k.includes("=") && k.trim() !== "");
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
    );
    fc.assert(
      fc.property(key, key, value, (outer, inner, found) => {
        // Read back as a body is, but past V8's JSON.parse key bug (tests/support/strict-json.ts).
        const document = readJsonStrictly(JSON.stringify({ [outer]: { [inner]: found } }));
        const typed = typeof found === "string" ? found : JSON.stringify(found);
        expect(selects(document, `${outer}.${inner}=${typed}`)).toBe(true);
        expect(selects(document, `${outer}.${inner}=${typed}x`)).toBe(false);
      }),
    );
  });
});

describe("the wait's query", () => {
  const parse = (query: string) =>
    waitQuerySchema.safeParse(
      Object.fromEntries(
        [...new Set(new URLSearchParams(query).keys())].map((key) => {
          const all = new URLSearchParams(query).getAll(key);
          return [key, all.length === 1 ? all[0] : all];
        }),
      ),
    );

  it("takes match once or repeated, and a timeout up to the bound", () => {
    const one = parse("match=data.task_id%3D123&timeout=5");
    expect(one.success && one.data).toEqual({
      match: [{ path: ["data", "task_id"], value: "123" }],
      timeout: 5,
    });
    const two = parse("match=a%3D1&match=b.c%3D2&event=task.*");
    expect(two.success && two.data.match).toHaveLength(2);
    expect(two.success && two.data.timeout).toBe(30);
    expect(parse(`timeout=${WAIT_TIMEOUT_MAX_SECONDS}`).success).toBe(true);
  });

  it("refuses a longer timeout, a bad match and a field given twice", () => {
    const long = parse(`timeout=${WAIT_TIMEOUT_MAX_SECONDS + 1}`);
    expect(long.error?.issues[0]?.message).toMatch(/at most 280 seconds/);
    expect(parse("match=data.task_id").error?.issues[0]?.message).toMatch(/path=value/);
    expect(parse("event=a&event=b").error?.issues[0]?.message).toBe("must be given once");
    expect(parse("timeout=1.5").success).toBe(false);
    expect(parse("nope=1").success).toBe(false);
  });
});
