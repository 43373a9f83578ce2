import { describe, expect, it } from "vitest";
import { kindOf, observeData, SHAPE_LIMITS } from "@/lib/webhooks/shared/event-shapes/observe";

/** One delivery's `data` as (path, kind) observations, and what a hostile payload gets. */
function byPath(data: unknown) {
  return Object.fromEntries(
    observeData(data).observations.map((o) => [`${o.path} ${o.kind}`, o.count]),
  );
}

describe("observing a payload", () => {
  it("names each value's kind, telling timestamps and other string formats apart", () => {
    expect(kindOf(null)).toBe("null");
    expect(kindOf(3)).toBe("integer");
    expect(kindOf(3.5)).toBe("number");
    expect(kindOf(true)).toBe("boolean");
    expect(kindOf("2026-11-23T09:41:00Z")).toBe("string:date-time");
    expect(kindOf("2026-11-23T09:41:00.123Z")).toBe("string:date-time");
    expect(kindOf("2026-11-23T09:41:00+01:00")).toBe("string:date-time-offset");
    expect(kindOf("Mon, 23 Nov 2026 09:41:00 GMT")).toBe("string");
    expect(kindOf("2026-11-23")).toBe("string:date");
    expect(kindOf("0b6c4a6e-1d0b-4c53-9f77-6a4c5a0c2b1e")).toBe("string:uuid");
    expect(kindOf("ada@example.com")).toBe("string:email");
    expect(kindOf("https://example.com/a")).toBe("string:uri");
    expect(kindOf([])).toBe("array");
    expect(kindOf({})).toBe("object");
  });

  it("gives every field a path, merges array elements into [] and counts each element", () => {
    expect(
      byPath({ title: "A", items: [{ id: 1 }, { id: "2", extra: null }], "odd key": true }),
    ).toEqual({
      " object": 1,
      ".title string": 1,
      ".items array": 1,
      '["odd key"] boolean': 1,
      ".items[] object": 2,
      ".items[].id integer": 1,
      ".items[].id string": 1,
      ".items[].extra null": 1,
    });
  });

  it("keeps one short example per kind, as JSON text, none for containers", () => {
    const { observations } = observeData({ title: "x".repeat(500), n: 4, tags: ["a"] });
    const example = (path: string) => observations.find((o) => o.path === path)?.example;
    expect(example(".title")).toHaveLength(SHAPE_LIMITS.maxExampleChars + 2);
    expect(example(".title")).toMatch(/^"x+…"$/);
    expect(example(".n")).toBe("4");
    expect(example(".tags")).toBeNull();
    expect(example(".tags[]")).toBe('"a"');
  });

  it("observes nothing when there is no data, and a bare value at the root", () => {
    expect(observeData(undefined).observations).toEqual([]);
    expect(byPath("text")).toEqual({ " string": 1 });
  });

  it("treats __proto__ and constructor as ordinary keys", () => {
    const data = JSON.parse('{"__proto__":{"polluted":1},"constructor":"c"}') as unknown;
    expect(byPath(data)).toMatchObject({
      ".__proto__ object": 1,
      ".__proto__.polluted integer": 1,
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("a hostile payload cannot blow up the state", () => {
  it("a huge object: at most maxNodes values looked at, marked truncated", () => {
    const wide = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, i]));
    const { observations, truncated } = observeData(wide);
    expect(truncated).toBe(true);
    expect(observations.length).toBeLessThanOrEqual(SHAPE_LIMITS.maxNodes);
  });

  it("deep nesting: opened down to maxDepth only", () => {
    let deep: unknown = "bottom";
    for (let i = 0; i < 5_000; i++) deep = { n: deep };
    const { observations, truncated } = observeData(deep);
    expect(truncated).toBe(true);
    const depths = observations.map((o) => o.path.split(".").length - 1);
    expect(Math.max(...depths)).toBe(SHAPE_LIMITS.maxDepth);
  });

  it("long arrays: the first maxArrayItems elements, merged into one path", () => {
    const { observations, truncated } = observeData({
      list: Array.from({ length: 10_000 }, (_, i) => i),
    });
    expect(truncated).toBe(true);
    expect(observations.find((o) => o.path === ".list[]")).toMatchObject({
      kind: "integer",
      count: SHAPE_LIMITS.maxArrayItems,
    });
  });

  it("long keys are cut, so paths stay short", () => {
    const { observations } = observeData({ ["k".repeat(10_000)]: 1 });
    const path = observations.find((o) => o.kind === "integer")!.path;
    // `["kkk…"]`: the cut key is no longer an identifier, so it is quoted.
    expect(path).toBe(`[${JSON.stringify(`${"k".repeat(SHAPE_LIMITS.maxKeyChars - 1)}…`)}]`);
  });
});
