import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useProjectRows } from "@/components/projects/use-project-rows";
import type { Project } from "@/lib/projects/schema";
import { DEFAULT_SORT, type ProjectsFilters, type ProjectsSort } from "@/lib/projects/view";
import { NO_FILTERS, project } from "../support/projects";

/**
 * The projects page's rows as the hook gives them to the table and the cards (it is fed the list through
 * props: no fetch of its own), in a DOM, without a production build.
 */

const projects: Project[] = [
  project({
    name: "Oak House",
    town: "York",
    status: "active",
    updated_at: "2025-03-01T00:00:00Z",
  }),
  project({
    name: "Mill Yard",
    town: "Leeds",
    status: "completed",
    updated_at: "2025-05-01T00:00:00Z",
  }),
  project({
    name: "Quay Side",
    town: "York",
    status: "on_hold",
    updated_at: "2025-04-01T00:00:00Z",
  }),
  project({
    name: "Ash Court",
    town: "Hull",
    status: "active",
    updated_at: "2025-01-01T00:00:00Z",
  }),
];

function renderRows(filters: ProjectsFilters, sort: ProjectsSort[] = DEFAULT_SORT) {
  return renderHook((props) => useProjectRows(props.projects, props.filters, props.sort), {
    initialProps: { projects, filters, sort },
  });
}

const names = (rows: Project[]) => rows.map((p) => p.name);

describe("useProjectRows", () => {
  it("shows every project, most recently changed first", () => {
    const { result } = renderRows(NO_FILTERS);
    expect(names(result.current.rows)).toEqual([
      "Mill Yard",
      "Quay Side",
      "Oak House",
      "Ash Court",
    ]);
    expect(result.current.pending).toBe(false);
  });

  it("a search narrows the rows to the matching ones, and says it is catching up until it has", async () => {
    const { result, rerender } = renderRows(NO_FILTERS);
    act(() => rerender({ projects, filters: { ...NO_FILTERS, q: "york" }, sort: DEFAULT_SORT }));
    await waitFor(() => expect(result.current.pending).toBe(false));
    expect(names(result.current.rows)).toEqual(["Quay Side", "Oak House"]);
  });

  it("a status filter narrows the rows; the facet still counts every status the search allows", async () => {
    const { result, rerender } = renderRows(NO_FILTERS);
    const filters = { ...NO_FILTERS, status: ["active"] };
    act(() => rerender({ projects, filters, sort: DEFAULT_SORT }));
    await waitFor(() => expect(result.current.pending).toBe(false));
    expect(names(result.current.rows)).toEqual(["Oak House", "Ash Court"]);
    expect(result.current.rows.every((p) => p.status === "active")).toBe(true);
  });

  it("a project that arrives with a newer list appears in its place", () => {
    const { result, rerender } = renderRows(NO_FILTERS);
    const newest = project({ name: "New Wharf", updated_at: "2025-06-01T00:00:00Z" });
    rerender({ projects: [...projects, newest], filters: NO_FILTERS, sort: DEFAULT_SORT });
    expect(result.current.rows[0]?.name).toBe("New Wharf");
    expect(result.current.rows).toHaveLength(5);
  });

  it("sorting by name ascending orders the rows alphabetically", () => {
    const { result } = renderRows(NO_FILTERS, [{ id: "name", desc: false }]);
    expect(names(result.current.rows)).toEqual([
      "Ash Court",
      "Mill Yard",
      "Oak House",
      "Quay Side",
    ]);
  });
});
