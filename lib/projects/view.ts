import type { DateRange } from "./date-range";

/**
 * The projects table's view (search, filters, sort, columns, open row) as plain data: what the URL holds.
 * Pure, so the browser, the server loader and the unit tests share it.
 */

/** Column ids double as the URL's keys (`?sort=client.asc&cols=name,town`), so they are short and stable. */
export const PROJECT_COLUMN_IDS = [
  "id",
  "name",
  "client",
  "town",
  "address",
  "status",
  "created",
  "updated",
] as const;

export type ProjectColumnId = (typeof PROJECT_COLUMN_IDS)[number];

/** Shown when neither the URL nor the browser says otherwise: the id is there to copy, not to read. */
export const DEFAULT_VISIBLE_COLUMNS: readonly ProjectColumnId[] = PROJECT_COLUMN_IDS.filter(
  (id) => id !== "id",
);

export interface ProjectsSort {
  id: ProjectColumnId;
  desc: boolean;
}

/** Most recently changed first: what a member opening the console every day wants to see. */
export const DEFAULT_SORT: ProjectsSort[] = [{ id: "updated", desc: true }];

/** The filters: what decides which rows are shown (not their order or their columns). */
export interface ProjectsFilters {
  q: string;
  status: string[];
  town: string[];
  client: string[];
  created: DateRange | null;
  updated: DateRange | null;
}

/** The filters chosen in the toolbar's menus: every filter but the typed search. */
export type FilterChoices = Omit<ProjectsFilters, "q">;

export interface ProjectsViewState extends ProjectsFilters {
  sort: ProjectsSort[];
  /** Visible columns in their order; null = the browser's own choice (or the default). */
  cols: ProjectColumnId[] | null;
  /** The id of the project whose sheet is open. */
  project: string | null;
}

/** The faceted (multi-select) filters, in toolbar order. */
export const FACET_IDS = ["status", "town", "client"] as const;
export type FacetId = (typeof FACET_IDS)[number];

export const DATE_FILTER_IDS = ["created", "updated"] as const;
export type DateFilterId = (typeof DATE_FILTER_IDS)[number];

export function isProjectColumnId(value: string): value is ProjectColumnId {
  return (PROJECT_COLUMN_IDS as readonly string[]).includes(value);
}

/**
 * `name.asc,updated.desc`: columns in priority order. Anything unreadable (unknown column, bad direction,
 * a column twice) is not a sort, and the URL falls back to the default rather than a guess.
 */
export function parseSort(value: string): ProjectsSort[] | null {
  const sort: ProjectsSort[] = [];
  for (const part of value.split(",")) {
    const match = /^([a-z]+)\.(asc|desc)$/.exec(part);
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
    filters.status.length > 0 ||
    filters.town.length > 0 ||
    filters.client.length > 0 ||
    filters.created !== null ||
    filters.updated !== null
  );
}

/** What "Reset" writes to the URL. */
export const NO_FILTERS = {
  q: null,
  status: null,
  town: null,
  client: null,
  created: null,
  updated: null,
} as const;

/**
 * Shift-click: add the column to the sort (or flip it if already there); a plain click: sort by it alone,
 * flipping its direction when it already is the only sort. Dates start newest first, text A to Z.
 */
export function nextSort(
  sort: ProjectsSort[],
  id: ProjectColumnId,
  additive: boolean,
): ProjectsSort[] {
  const firstDesc = id === "created" || id === "updated";
  const current = sort.find((s) => s.id === id);
  if (additive) {
    if (!current) return [...sort, { id, desc: firstDesc }];
    return sort.map((s) => (s.id === id ? { id, desc: !s.desc } : s));
  }
  if (current && sort.length === 1) return [{ id, desc: !current.desc }];
  return [{ id, desc: current ? current.desc : firstDesc }];
}
