import type { Project } from "./schema";
import { statusLabel } from "./status";

/**
 * Every column of the projects table, defined once. The header, the table's TanStack column, the cells, the
 * cards, the sheet, the CSV/JSON export, the search, the facet and date filters (and their URL parameters),
 * the sort and its ranks, the column choice and its defaults are all read from here; adding a column is
 * one entry below plus its test (`tests/unit/projects-columns.test.ts`).
 *
 * Pure data, no React: the server's first screen, the body worker's row pipeline and the unit tests import
 * it. How each `cell` looks is one renderer per cell kind in `components/projects/project-cell.tsx`, typed
 * `Record<CellKind, …>`, so a new kind without a renderer fails `tsc`.
 */

/** How a value is drawn in a table cell (and, where it has one, in the sheet). */
export type CellKind = "id" | "title" | "text" | "status" | "date";

/** A card on a phone has five places; a column takes at most one, a place at most one column. */
export type CardPlace = "title" | "badge" | "subtitle" | "detail" | "stamp";

interface ColumnBase {
  /** The column's name everywhere a person reads it: header, View menu, sheet, CSV header, filter button. */
  header: string;
  /** The accessor: the service's field, also the JSON export's key. Exports carry its value unchanged. */
  field: keyof Project;
  cell: CellKind;
  /** Default width in pixels (the member can drag it). */
  width: number;
  /** Shown when neither the URL (`cols`) nor this browser says otherwise. */
  shownByDefault: boolean;
}

interface TextColumn extends ColumnBase {
  /** Sorted by the natural collator ("Unit 2" before "Unit 10"); equal values keep the service's order. */
  type: "text";
  /** Part of the search box's text (case-insensitive substring, each field on its own). */
  searched?: boolean;
  /**
   * A multi-select filter whose options are the column's values with live counts, in the URL as
   * `?<id>=value&<id>=value`. `toolbar` is its place among the toolbar's filters.
   */
  facet?: { toolbar: number; optionLabel?: (value: string) => string };
  card?: Exclude<CardPlace, "stamp">;
}

interface InstantColumn extends ColumnBase {
  /** A UTC timestamp: sorted by instant, newest first on the first click. */
  type: "instant";
  /** A date filter (presets and custom ranges), in the URL as `?<id>=30d` or `?<id>=YYYY-MM-DD..YYYY-MM-DD`. */
  dateFilter?: { toolbar: number };
  /** The card's corner line: "<header> 3 days ago". */
  card?: "stamp";
}

export type ColumnDefinition = TextColumn | InstantColumn;

/** Column ids are the URL's keys (`?sort=client.asc&cols=name,town`, `?town=York`): short and stable. */
export const PROJECT_COLUMNS = {
  id: { header: "ID", field: "id", type: "text", cell: "id", width: 150, shownByDefault: false },
  name: {
    header: "Name",
    field: "name",
    type: "text",
    cell: "title",
    width: 240,
    shownByDefault: true,
    searched: true,
    card: "title",
  },
  client: {
    header: "Client",
    field: "client_name",
    type: "text",
    cell: "text",
    width: 192,
    shownByDefault: true,
    searched: true,
    facet: { toolbar: 2 },
    card: "subtitle",
  },
  town: {
    header: "Town",
    field: "town",
    type: "text",
    cell: "text",
    width: 144,
    shownByDefault: true,
    searched: true,
    facet: { toolbar: 1 },
    card: "detail",
  },
  address: {
    header: "Address",
    field: "address",
    type: "text",
    cell: "text",
    width: 240,
    shownByDefault: true,
    searched: true,
  },
  status: {
    header: "Status",
    field: "status",
    type: "text",
    cell: "status",
    width: 120,
    shownByDefault: true,
    facet: { toolbar: 0, optionLabel: statusLabel },
    card: "badge",
  },
  created: {
    header: "Created",
    field: "created_at",
    type: "instant",
    cell: "date",
    width: 128,
    shownByDefault: true,
    dateFilter: { toolbar: 3 },
  },
  updated: {
    header: "Updated",
    field: "updated_at",
    type: "instant",
    cell: "date",
    width: 128,
    shownByDefault: true,
    dateFilter: { toolbar: 4 },
    card: "stamp",
  },
} as const satisfies Record<string, ColumnDefinition>;

type Columns = typeof PROJECT_COLUMNS;
export type ProjectColumnId = keyof Columns;

/** The ids whose definition has `K` (a facet, a date filter, …): the filters' types follow the entries. */
type IdsWith<K extends string> = {
  [Id in ProjectColumnId]: Columns[Id] extends Record<K, unknown> ? Id : never;
}[ProjectColumnId];

/** Columns filtered by their values (`?status=active&town=York`). */
export type FacetId = IdsWith<"facet">;
/** Columns filtered by a date range (`?created=30d`). */
export type DateFilterId = IdsWith<"dateFilter">;
/** Timestamp columns: sorted by instant, kept as numbers in the row index. */
export type InstantColumnId = {
  [Id in ProjectColumnId]: Columns[Id]["type"] extends "instant" ? Id : never;
}[ProjectColumnId];

/** One entry per column id in `ids`, made by `make`. */
export function byColumn<Id extends ProjectColumnId, T>(
  ids: readonly Id[],
  make: (id: Id) => T,
): Record<Id, T> {
  return Object.fromEntries(ids.map((id) => [id, make(id)])) as Record<Id, T>;
}

/** One column's definition, widened so that optional parts can be read without narrowing by id. */
export function projectColumn(id: ProjectColumnId): ColumnDefinition {
  return PROJECT_COLUMNS[id];
}

/** In the table's default order (and the order the View menu brings a column back to). */
export const PROJECT_COLUMN_IDS = Object.keys(PROJECT_COLUMNS) as ProjectColumnId[];

export const DEFAULT_VISIBLE_COLUMNS: readonly ProjectColumnId[] = PROJECT_COLUMN_IDS.filter(
  (id) => PROJECT_COLUMNS[id].shownByDefault,
);

export function isProjectColumnId(value: string): value is ProjectColumnId {
  return Object.hasOwn(PROJECT_COLUMNS, value);
}

/** The value the service sent: what exports carry, what is searched, ranked and faceted. */
export function columnValue(id: ProjectColumnId, project: Project): string {
  return project[PROJECT_COLUMNS[id].field];
}

const toolbarOrder = <Id extends ProjectColumnId>(ids: Id[], place: (id: Id) => number) =>
  ids.sort((a, b) => place(a) - place(b));

/** The facet filters, in toolbar order. */
export const FACET_IDS: readonly FacetId[] = toolbarOrder(
  PROJECT_COLUMN_IDS.filter((id): id is FacetId => "facet" in PROJECT_COLUMNS[id]),
  (id) => PROJECT_COLUMNS[id].facet.toolbar,
);

/** The date filters, in toolbar order (after the facets). */
export const DATE_FILTER_IDS: readonly DateFilterId[] = toolbarOrder(
  PROJECT_COLUMN_IDS.filter((id): id is DateFilterId => "dateFilter" in PROJECT_COLUMNS[id]),
  (id) => PROJECT_COLUMNS[id].dateFilter.toolbar,
);

export const INSTANT_COLUMN_IDS: readonly InstantColumnId[] = PROJECT_COLUMN_IDS.filter(
  (id): id is InstantColumnId => PROJECT_COLUMNS[id].type === "instant",
);

/** The columns the search box reads, in column order. */
export const SEARCHED_COLUMN_IDS: readonly ProjectColumnId[] = PROJECT_COLUMN_IDS.filter((id) => {
  const column = projectColumn(id);
  return column.type === "text" && column.searched === true;
});

/**
 * Text columns with a value per row rather than a few shared ones (no facet): ranking them runs the
 * collator over up to every row, so the body worker ranks them ahead of a click (./projects-body.ts). Shown
 * columns first.
 */
export const COSTLY_RANK_COLUMNS: readonly ProjectColumnId[] = PROJECT_COLUMN_IDS.filter(
  (id) => PROJECT_COLUMNS[id].type === "text" && !("facet" in PROJECT_COLUMNS[id]),
).sort(
  (a, b) => Number(PROJECT_COLUMNS[b].shownByDefault) - Number(PROJECT_COLUMNS[a].shownByDefault),
);

/** A facet's option as a person reads it ("On hold" for `on_hold`); the value itself by default. */
export function facetOptionLabel(id: FacetId): ((value: string) => string) | undefined {
  const facet: TextColumn["facet"] = PROJECT_COLUMNS[id].facet;
  return facet?.optionLabel;
}

/** Which column fills each place of a card. */
export const CARD_COLUMNS: Partial<Record<CardPlace, ProjectColumnId>> = Object.fromEntries(
  PROJECT_COLUMN_IDS.flatMap((id) => {
    const place = projectColumn(id).card;
    return place ? [[place, id]] : [];
  }),
);

/** Dates start newest first, text A to Z. */
export function sortsDescendingFirst(id: ProjectColumnId): boolean {
  return PROJECT_COLUMNS[id].type === "instant";
}
