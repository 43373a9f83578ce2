import { describe, expect, it } from "vitest";
import { describeScheme } from "@/lib/signing/schemes";
import { hexDump, jsonPath, prettyJson } from "@/lib/webhooks/shared/format";
import { formatAge } from "@/lib/ui/format";
import {
  CHILD_PAGE,
  expandAllIds,
  EXPAND_ALL_NODES,
  MAX_ROWS,
  pathId,
  treeRows,
} from "@/lib/webhooks/shared/json-tree";
import { listParams } from "@/lib/webhooks/browser/use-inspector-view";

/** The inspector's pure helpers, on ordinary and on hostile input. */

function nested(depth: number): unknown {
  let value: unknown = [];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

describe("JSON tree rows", () => {
  it("lists what is expanded, in order, with paths a developer can paste", () => {
    const value = { a: 1, b: { c: [true, null] } };
    const { rows } = treeRows(
      value,
      new Set([pathId([]), pathId(["b"]), pathId(["b", "c"])]),
      new Map(),
    );
    expect(rows.map((row) => (row.kind === "value" ? jsonPath(row.path) : "more"))).toEqual([
      "(root)",
      "a",
      "b",
      "b.c",
      "b.c[0]",
      "b.c[1]",
    ]);
  });

  it("pages a long array and marks the rest", () => {
    const { rows } = treeRows(
      Array.from({ length: 250 }, (_, i) => i),
      new Set([pathId([])]),
      new Map(),
    );
    expect(rows).toHaveLength(1 + CHILD_PAGE + 1);
    expect(rows.at(-1)).toMatchObject({ kind: "more", shown: CHILD_PAGE, total: 250 });
  });

  it("10,000 nested arrays: expand all stays within its caps, and rows never exceed the maximum", () => {
    const deep = nested(10_000);
    const ids = expandAllIds(deep);
    expect(ids.size).toBeLessThanOrEqual(EXPAND_ALL_NODES);
    const { rows } = treeRows(deep, ids, new Map());
    expect(rows.length).toBeLessThanOrEqual(MAX_ROWS);
    // Everything expanded by hand, level by level, is still capped.
    const every = new Set<string>();
    const path: number[] = [];
    for (let i = 0; i < 10_000; i++) {
      every.add(pathId(path));
      path.push(0);
    }
    expect(treeRows(deep, every, new Map())).toMatchObject({ capped: true });
  });

  it("a key that looks like an internal marker is just a key", () => {
    const { rows } = treeRows({ "\u0000more": 1, __proto__x: 2 }, new Set([pathId([])]), new Map());
    expect(rows.filter((row) => row.kind === "value")).toHaveLength(3);
  });
});

describe("formatting", () => {
  it("pretty JSON of 10,000 nested arrays is bounded and says where it stopped", () => {
    const { text, truncated } = prettyJson(nested(10_000), { maxChars: 100_000 });
    expect(truncated).toBe(true);
    expect(text.length).toBeLessThan(110_000);
    expect(text).toContain("the rest is in the Raw tab");
    expect(prettyJson({ a: [1, { b: "x" }] }).text).toBe(
      JSON.stringify({ a: [1, { b: "x" }] }, null, 2),
    );
  });

  it("hex dump shows offsets, bytes and printable characters", () => {
    expect(hexDump(new Uint8Array([0x7b, 0xff, 0x00, 0x41]))).toBe(
      `00000000  7b ff 00 41${" ".repeat(36)}  {..A`,
    );
    expect(hexDump(new Uint8Array(100), 32).split("\n")).toHaveLength(2);
  });

  it("schemes in words", () => {
    expect(describeScheme("timestamp.body/base64/sha256=/whsec-base64")).toBe(
      'HMAC-SHA256 of the timestamp, a dot, then the raw body, encoded as base64 prefixed with "sha256=", using the base64 after whsec_ as the key.',
    );
    expect(describeScheme("nonsense")).toBe("An unrecognised scheme (nonsense)");
  });

  it("paths quote keys that are not identifiers", () => {
    expect(jsonPath(["data", "odd key", 3, "ok"])).toBe('data["odd key"][3].ok');
  });

  it("relative times in whole seconds, then minutes", () => {
    const now = Date.parse("2026-01-01T00:10:00Z");
    expect(formatAge("2026-01-01T00:09:57.600Z", now)).toBe("2 s ago");
    expect(formatAge("2026-01-01T00:07:00Z", now)).toBe("3 min ago");
    expect(formatAge("not a time", now)).toBe("unknown time");
  });

  it("a relative range becomes an absolute `since` when the page is fetched", () => {
    const now = Date.parse("2026-01-01T12:00:00Z");
    const view = {
      endpoint: "",
      event: "unknown",
      verification: null,
      range: "1h" as const,
      since: "2025-12-01T00:00:00.000Z",
      until: "2025-12-02T00:00:00.000Z",
      q: "  slab ",
      delivery: null,
      tab: "envelope" as const,
    };
    // The relative range wins over a custom one left in the URL.
    expect(listParams(view, now)).toEqual({
      endpoint: undefined,
      event: "unknown",
      verification: undefined,
      since: "2026-01-01T11:00:00.000Z",
      until: undefined,
      q: "slab",
    });
    expect(listParams({ ...view, range: null }, now)).toMatchObject({
      since: "2025-12-01T00:00:00.000Z",
      until: "2025-12-02T00:00:00.000Z",
    });
  });
});
