import type { ColumnFiltersState, SortingState } from "@tanstack/react-table";

/**
 * The projects table's view (search, filters, sort) as plain data: what the URL holds, and how it maps onto
 * TanStack Table's state. Pure, so the browser, the server loader and the unit tests share it.
 */

/** Column ids double as the URL's sort keys (`?sort=client.asc`), so they are short and stable. */
export const PROJECT_COLUMN_IDS = [
  "name",
  "client",
  "town",
  "address",
  "status",
  "created",
  "updated",
] as const;

export type ProjectColumnId = (typeof PROJECT_COLUMN_IDS)[number];

export interface ProjectsSort {
  id: ProjectColumnId;
  desc: boolean;
}

/** Most recently changed first: what a member opening the console every day wants to see. */
export const DEFAULT_SORT: ProjectsSort = { id: "updated", desc: true };

/** What the projects table shows (search, filters, sort), as kept in the URL. */
export interface ProjectsViewState {
  q: string;
  status: string[];
  town: string;
  sort: ProjectsSort;
}

export function isProjectColumnId(value: string): value is ProjectColumnId {
  return (PROJECT_COLUMN_IDS as readonly string[]).includes(value);
}

/** `name.asc` / `updated.desc`; anything else is not a sort (the URL falls back to the default). */
export function parseSort(value: string): ProjectsSort | null {
  const match = /^([a-z]+)\.(asc|desc)$/.exec(value);
  if (!match || !isProjectColumnId(match[1]!)) return null;
  return { id: match[1], desc: match[2] === "desc" };
}

export function serializeSort(sort: ProjectsSort): string {
  return `${sort.id}.${sort.desc ? "desc" : "asc"}`;
}

export function sortEquals(a: ProjectsSort, b: ProjectsSort): boolean {
  return a.id === b.id && a.desc === b.desc;
}

/** Filters, not sort: "Clear filters" keeps the member's chosen order. */
export function hasActiveFilters(view: Pick<ProjectsViewState, "q" | "status" | "town">): boolean {
  return view.q.trim() !== "" || view.status.length > 0 || view.town !== "";
}

export function toSortingState(sort: ProjectsSort): SortingState {
  return [{ id: sort.id, desc: sort.desc }];
}

/** TanStack hands back a SortingState; the table sorts by one column at a time. */
export function fromSortingState(sorting: SortingState): ProjectsSort {
  const first = sorting[0];
  return first && isProjectColumnId(first.id) ? { id: first.id, desc: first.desc } : DEFAULT_SORT;
}

export function toColumnFilters(
  view: Pick<ProjectsViewState, "status" | "town">,
): ColumnFiltersState {
  const filters: ColumnFiltersState = [];
  if (view.status.length > 0) filters.push({ id: "status", value: view.status });
  if (view.town !== "") filters.push({ id: "town", value: view.town });
  return filters;
}
