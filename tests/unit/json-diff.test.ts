import { describe, expect, it } from "vitest";
import { diffJson, VALUE_PREVIEW_CHARS } from "@/lib/webhooks/shared/compare/json-diff";
import { MAX_ROWS } from "@/lib/webhooks/shared/json-tree";

describe("diffJson", () => {
  it("lists added, removed and changed paths in reading order, with both values", () => {
    const { changes, capped } = diffJson(
      { a: 1, data: { title: "x", gone: [1, 2] }, items: [1, 2, 3] },
      { data: { title: "y", added: { n: null } }, items: [1, 5], a: 1 },
    );
    expect(capped).toBe(false);
    expect(changes).toEqual([
      { kind: "changed", path: ["data", "title"], before: '"x"', after: '"y"' },
      { kind: "removed", path: ["data", "gone"], before: "[ 1, 2 ]" },
      { kind: "added", path: ["data", "added"], after: '{ "n": null }' },
      { kind: "changed", path: ["items", 1], before: "2", after: "5" },
      { kind: "removed", path: ["items", 2], before: "3" },
    ]);
  });

  it('reports a change of kind (object to array, 1 to "1") at the path itself', () => {
    expect(diffJson({ v: {} }, { v: [] }).changes).toEqual([
      { kind: "changed", path: ["v"], before: "{}", after: "[]" },
    ]);
    expect(diffJson([1], ["1"]).changes).toEqual([
      { kind: "changed", path: [0], before: "1", after: '"1"' },
    ]);
    expect(diffJson({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }).changes).toEqual([]);
  });

  it("stays bounded: 10,000 nested arrays, many changes, long values", () => {
    const deep = (leaf: number) => JSON.parse(`${"[".repeat(10_000)}${leaf}${"]".repeat(10_000)}`);
    const nested = diffJson(deep(1), deep(2));
    expect(nested.changes).toHaveLength(1);
    expect(nested.changes[0]!.path).toHaveLength(10_000);

    const many = diffJson(
      Array.from({ length: MAX_ROWS * 2 }, (_, i) => i),
      Array.from({ length: MAX_ROWS * 2 }, (_, i) => -i - 1),
    );
    expect(many.capped).toBe(true);
    expect(many.changes).toHaveLength(MAX_ROWS);

    const long = diffJson({ t: "a" }, { t: "b".repeat(100_000) }).changes[0];
    expect(long).toMatchObject({ kind: "changed" });
    expect((long as { after: string }).after.length).toBeLessThanOrEqual(VALUE_PREVIEW_CHARS + 1);
  });
});
