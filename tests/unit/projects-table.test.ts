import {
  createTable,
  type ColumnFiltersState,
  type SortingState,
  type TableState,
} from "@tanstack/react-table";
import { describe, expect, it } from "vitest";
import { projectColumnIds } from "@/components/projects/project-columns";
import { projectsTableOptions } from "@/components/projects/projects-table-options";
import type { Project } from "@/lib/projects/schema";
import { PROJECT_COLUMN_IDS, toColumnFilters } from "@/lib/projects/view";

/**
 * The projects table's configuration (columns, sort functions, filters, search) driven through TanStack's
 * headless core, exactly as the page drives it, without a browser.
 */

let seq = 0;
function project(fields: Partial<Project>): Project {
  seq += 1;
  return {
    id: `p${seq}`,
    name: `Project ${seq}`,
    address: `${seq} High Street`,
    town: "York",
    client_name: "Acme Ltd",
    status: "active",
    created_at: "2024-01-01T00:00:00Z",
    updated_at: "2024-01-02T00:00:00Z",
    ...fields,
  };
}

function rowsOf(
  data: Project[],
  state: { sorting?: SortingState; columnFilters?: ColumnFiltersState; globalFilter?: string },
) {
  const table = createTable<Project>({
    ...projectsTableOptions,
    data,
    state: {},
    onStateChange: () => {},
    renderFallbackValue: null,
  });
  table.setOptions((prev) => ({
    ...prev,
    state: { ...table.initialState, ...state } as TableState,
  }));
  return { table, rows: table.getRowModel().rows.map((row) => row.original) };
}

const names = (projects: Project[]) => projects.map((p) => p.name);

describe("projects table columns", () => {
  it("has exactly the columns the URL can name, in order", () => {
    expect(projectColumnIds).toEqual([...PROJECT_COLUMN_IDS]);
  });
});

describe("sorting", () => {
  const data = [
    project({ name: "Project 10" }),
    project({ name: "project 2" }),
    project({ name: "Ärzte Haus" }),
    project({ name: "Project 1" }),
  ];

  it("sorts names naturally: numbers by value, case and accents not in the way", () => {
    expect(names(rowsOf(data, { sorting: [{ id: "name", desc: false }] }).rows)).toEqual([
      "Ärzte Haus",
      "Project 1",
      "project 2",
      "Project 10",
    ]);
    expect(names(rowsOf(data, { sorting: [{ id: "name", desc: true }] }).rows)).toEqual([
      "Project 10",
      "project 2",
      "Project 1",
      "Ärzte Haus",
    ]);
  });

  it("sorts dates by instant, and a first click on a date column shows the newest first", () => {
    const dated = [
      project({ name: "old", updated_at: "2023-12-31T23:59:59Z" }),
      project({ name: "new", updated_at: "2025-03-01T08:00:00Z" }),
      project({ name: "mid", updated_at: "2024-06-15T12:00:00Z" }),
    ];
    const { table } = rowsOf(dated, { sorting: [{ id: "name", desc: false }] });
    expect(table.getColumn("updated")!.getFirstSortDir()).toBe("desc");
    expect(table.getColumn("name")!.getFirstSortDir()).toBe("asc");
    expect(names(rowsOf(dated, { sorting: [{ id: "updated", desc: true }] }).rows)).toEqual([
      "new",
      "mid",
      "old",
    ]);
  });

  it("never removes the sort: a second click on the sorted column reverses it", () => {
    const { table } = rowsOf(data, { sorting: [{ id: "client", desc: false }] });
    expect(table.getColumn("client")!.getNextSortingOrder()).toBe("desc");
    const desc = rowsOf(data, { sorting: [{ id: "client", desc: true }] }).table;
    expect(desc.getColumn("client")!.getNextSortingOrder()).toBe("asc");
  });
});

describe("filtering", () => {
  const data = [
    project({ name: "Mill Lane offices", status: "active", town: "Leeds" }),
    project({ name: "Harbour wall", status: "inactive", town: "Hull" }),
    project({ name: "School roof", status: "on_hold", town: "Leeds", client_name: "Mill Trust" }),
    project({ name: "Bridge", status: "paused", town: "York", address: "1 Mill Road" }),
  ];

  it("filters status by exact value: 'active' does not match 'inactive'", () => {
    const { rows } = rowsOf(data, {
      columnFilters: toColumnFilters({ status: ["active"], town: "" }),
    });
    expect(names(rows)).toEqual(["Mill Lane offices"]);
  });

  it("combines several statuses, including ones the spec never named", () => {
    const filters = toColumnFilters({ status: ["on_hold", "paused"], town: "" });
    expect(names(rowsOf(data, { columnFilters: filters }).rows)).toEqual(["School roof", "Bridge"]);
  });

  it("filters by one town", () => {
    const filters = toColumnFilters({ status: [], town: "Leeds" });
    expect(names(rowsOf(data, { columnFilters: filters }).rows)).toEqual([
      "Mill Lane offices",
      "School roof",
    ]);
  });

  it("searches name, client, town and address, case-insensitively, and nothing else", () => {
    expect(names(rowsOf(data, { globalFilter: "mill" }).rows)).toEqual([
      "Mill Lane offices",
      "School roof",
      "Bridge",
    ]);
    expect(names(rowsOf(data, { globalFilter: "HULL" }).rows)).toEqual(["Harbour wall"]);
    // Status and dates are filtered by their own controls, not by the search.
    expect(rowsOf(data, { globalFilter: "on_hold" }).rows).toEqual([]);
    expect(rowsOf(data, { globalFilter: "2024" }).rows).toEqual([]);
  });

  it("counts each status under the other filters, for the status options", () => {
    const { table } = rowsOf(data, {
      columnFilters: toColumnFilters({ status: ["active"], town: "Leeds" }),
    });
    const counts = table.getColumn("status")!.getFacetedUniqueValues();
    expect(Object.fromEntries(counts)).toEqual({ active: 1, on_hold: 1 });
  });
});
