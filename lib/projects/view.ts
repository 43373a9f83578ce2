import {
  byColumn,
  DATE_FILTER_IDS,
  FACET_IDS,
  isProjectColumnId,
  sortsDescendingFirst,
  type DateFilterId,
  type FacetId,
  type ProjectColumnId,
} from "./columns";
import type { DateRange } from "./date-range";

/**
 * The projects table's view (search, filters, sort, columns, open row) as plain data: what the URL holds.
 * Pure, so the browser, the server loader and the unit tests share it.
 */

export interface ProjectsSort {
  id: ProjectColumnId;
  desc: boolean;
}

/** Most recently changed first: what a member opening the console every day wants to see. */
export const DEFAULT_SORT: ProjectsSort[] = [{ id: "updated", desc: true }];

/** The filters: what decides which rows are shown (not their order or their columns). */
export type ProjectsFilters = { q: string } & Record<FacetId, string[]> &
  Record<DateFilterId, DateRange | null>;

/** The filters chosen in the toolbar's menus: every filter but the typed search. */
export type FilterChoices = Omit<ProjectsFilters, "q">;

export interface ProjectsViewState extends ProjectsFilters {
  sort: ProjectsSort[];
  /** Visible columns in their order; null = the browser's own choice (or the default). */
  cols: ProjectColumnId[] | null;
  /** The id of the project whose sheet is open. */
  project: string | null;
}

/**
 * `name.asc,updated.desc`: columns in priority order. Anything unreadable (unknown column, bad direction,
 * a column twice) is not a sort, and the URL falls back to the default rather than a guess.
 */
export function parseSort(value: string): ProjectsSort[] | null {
  const sort: ProjectsSort[] = [];
  for (const part of value.split(",")) {
    const match = /^([^.]+)\.(asc|desc)$/.exec(part);
    if (!match || !isProjectColumnId(match[1]!)) return null;
    if (sort.some((s) => s.id === match[1])) return null;
    sort.push({ id: match[1], desc: match[2] === "desc" });
  }
  return sort;
}

export function serializeSort(sort: ProjectsSort[]): string {
  return sort.map((s) => `${s.id}.${s.desc ? "desc" : "asc"}`).join(",");
}

export function sortEquals(a: ProjectsSort[], b: ProjectsSort[]): boolean {
  return serializeSort(a) === serializeSort(b);
}

/** `name,client,status`: visible columns in order, each once; anything else is not a column list. */
export function parseColumns(value: string): ProjectColumnId[] | null {
  const ids = value.split(",");
  if (!ids.every(isProjectColumnId) || new Set(ids).size !== ids.length) return null;
  return ids;
}

/** Filters, not sort or columns: "Reset" keeps the member's chosen order and columns. */
export function hasActiveFilters(filters: ProjectsFilters): boolean {
  return (
    filters.q.trim() !== "" ||
    FACET_IDS.some((id) => filters[id].length > 0) ||
    DATE_FILTER_IDS.some((id) => filters[id] !== null)
  );
}

/** What "Reset" writes to the URL. */
export const NO_FILTERS = {
  q: null,
  ...byColumn(FACET_IDS, () => null),
  ...byColumn(DATE_FILTER_IDS, () => null),
};

/**
 * Shift-click: add the column to the sort (or flip it if already there); a plain click: sort by it alone,
 * flipping its direction when it already is the only sort. Dates start newest first, text A to Z.
 */
export function nextSort(
  sort: ProjectsSort[],
  id: ProjectColumnId,
  additive: boolean,
): ProjectsSort[] {
  const firstDesc = sortsDescendingFirst(id);
  const current = sort.find((s) => s.id === id);
  if (additive) {
    if (!current) return [...sort, { id, desc: firstDesc }];
    return sort.map((s) => (s.id === id ? { id, desc: !s.desc } : s));
  }
  if (current && sort.length === 1) return [{ id, desc: !current.desc }];
  return [{ id, desc: current ? current.desc : firstDesc }];
}
