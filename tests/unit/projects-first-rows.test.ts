import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultFirstRows, FIRST_SCREEN_ROWS, firstRows } from "@/lib/projects/first-rows";
import { indexProjects, sortIndex } from "@/lib/projects/rows";
import { DEFAULT_SORT } from "@/lib/projects/view";
import { NO_FILTERS, project } from "../support/projects";

/**
 * The default view's first rows, as a snapshot stores them (one pass over the list, lib/projects/first-rows.ts),
 * are the rows the page's full pipeline shows first: same order, equal times in the service's order.
 */
describe("the default view's first rows", () => {
  // Few distinct times, so that many rows tie and the service's order decides between them.
  const times = fc
    .integer({ min: 0, max: 40 })
    .map((n) => new Date(Date.UTC(2024, 0, 1) + n * 3_600_000).toISOString().replace(".000Z", "Z"));
  const lists = fc.array(
    fc.record({ name: fc.string({ maxLength: 8 }), updated_at: times, created_at: times }),
    { maxLength: 120 },
  );

  it("are the full pipeline's first rows of the default order, for any list", () => {
    fc.assert(
      fc.property(lists, (fields) => {
        const projects = fields.map((f, i) => project({ ...f, id: `prj_${i}` }));
        const index = indexProjects(projects);
        const expected = firstRows(index, sortIndex(index, DEFAULT_SORT), NO_FILTERS, 0);
        const stored = defaultFirstRows(projects);
        expect(stored.rows.map((p) => p.id)).toEqual(expected.rows.map((p) => p.id));
        expect(stored).toEqual(expected);
        expect(stored.rows.length).toBe(Math.min(FIRST_SCREEN_ROWS, projects.length));
      }),
      { numRuns: 300 },
    );
  });
});
