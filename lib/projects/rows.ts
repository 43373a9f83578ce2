import {
  byColumn,
  columnValue,
  DATE_FILTER_IDS,
  FACET_IDS,
  INSTANT_COLUMN_IDS,
  PROJECT_COLUMNS,
  SEARCHED_COLUMN_IDS,
  type FacetId,
  type InstantColumnId,
  type ProjectColumnId,
} from "./columns";
import { resolveDateRange, type Interval } from "./date-range";
import { naturalCompare } from "./format";
import type { Project } from "./schema";
import { DEFAULT_SORT, sortEquals, type ProjectsFilters, type ProjectsSort } from "./view";

/**
 * The table's rows from the projects and the view, without React: filtering, faceted counts and sorting,
 * shaped for 100,000 rows. The work per projects list is done once, in flat arrays rather than an object per
 * row (search text, instants, facet values); each column's order is ranked once, when first sorted by, so a
 * sort is a counting sort of row numbers by rank; a keystroke in the search is then one scan of the search
 * text and one pass over the sorted rows that also counts every facet. Which columns are searched, faceted,
 * date-filtered and how each sorts is read from the column definitions (./columns.ts).
 */

/** One facet's values, numbered in the order they first appear. */
interface FacetValues {
  byId: string[];
  ids: Map<string, number>;
}

export interface ProjectsIndex {
  projects: Project[];
  /** Every row's searched columns (name, client, town, address) lowercased, in one string; rows end with ROW_END. */
  haystack: string;
  /** Where row i starts in the haystack (one more entry: the end). */
  offsets: Uint32Array;
  /** Each timestamp column's instants (milliseconds), for the date filters and the sort. */
  instants: Record<InstantColumnId, Float64Array>;
  /** Each facet's value per row as a small integer, so a pass counts in typed arrays instead of maps. */
  valueIds: Record<FacetId, Uint32Array>;
  /** Every value each facet holds in the list, in reading order (an option stays while others filter). */
  readonly values: Record<FacetId, string[]>;
  facets: Record<FacetId, FacetValues>;
  /** Per column, each row's place in that column's order (equal values share one), made when first needed. */
  ranks: Partial<Record<ProjectColumnId, Uint32Array>>;
  /** The rows in DEFAULT_SORT's order, when made ahead of need (by the body worker). */
  defaultOrder?: Uint32Array;
}

/** Fields are joined by FIELD_SEP and rows end with ROW_END; neither can be searched for, so no match spans two. */
const FIELD_SEP = "\u0000";
const ROW_END = "\u0001";

function numberer(): FacetValues & { id: (value: string) => number } {
  const byId: string[] = [];
  const ids = new Map<string, number>();
  return {
    byId,
    ids,
    id(value) {
      let id = ids.get(value);
      if (id === undefined) {
        id = byId.length;
        ids.set(value, id);
        byId.push(value);
      }
      return id;
    },
  };
}

/**
 * What an index holds besides the projects: flat arrays, cheap to send from a worker (the projects body
 * worker makes them where it parses the list, lib/projects/projects-body.ts).
 */
export interface IndexParts {
  haystack: string;
  offsets: Uint32Array;
  instants: Record<InstantColumnId, Float64Array>;
  valueIds: Record<FacetId, Uint32Array>;
  /** Each facet's values by id, in the order they first appear. */
  facetValues: Record<FacetId, string[]>;
  /** The rows in DEFAULT_SORT's order, made ahead of need (indexPartsAhead). */
  defaultOrder?: Uint32Array;
  /**
   * Ranks made ahead of need (indexPartsAhead, and the long text columns that the body worker sends after
   * the list): the index made from these parts keeps this very record, so ranks that arrive later reach it.
   */
  ranks: Partial<Record<ProjectColumnId, Uint32Array>>;
}

export function indexParts(projects: Project[]): IndexParts {
  const n = projects.length;
  const numberers = byColumn(FACET_IDS, () => numberer());
  const valueIds = byColumn(FACET_IDS, () => new Uint32Array(n));
  const instants = byColumn(INSTANT_COLUMN_IDS, () => new Float64Array(n));
  const offsets = new Uint32Array(n + 1);
  const keys: string[] = new Array<string>(n);
  const [firstSearched, ...moreSearched] = SEARCHED_COLUMN_IDS.map(
    (id) => PROJECT_COLUMNS[id].field,
  );
  let length = 0;
  for (let i = 0; i < n; i++) {
    const p = projects[i]!;
    let text = firstSearched === undefined ? "" : p[firstSearched];
    for (const field of moreSearched) text += FIELD_SEP + p[field];
    // Lowercased row by row: lowercasing can change a string's length, and the offsets must stay true.
    const key = text.toLowerCase() + ROW_END;
    keys[i] = key;
    offsets[i] = length;
    length += key.length;
    for (const id of INSTANT_COLUMN_IDS) instants[id][i] = Date.parse(columnValue(id, p));
    for (const id of FACET_IDS) valueIds[id][i] = numberers[id].id(columnValue(id, p));
  }
  offsets[n] = length;
  return {
    haystack: keys.join(""),
    offsets,
    instants,
    valueIds,
    facetValues: byColumn(FACET_IDS, (id) => numberers[id].byId),
    ranks: {},
  };
}

/**
 * The parts of `projects` with what the page's first render would do next made ahead: the timestamp columns
 * ranked and the rows in the default sort's order. What the body worker sends, so that the page's first
 * render after the list only selects the rows.
 */
export function indexPartsAhead(projects: Project[]): IndexParts {
  const parts = indexParts(projects);
  for (const id of INSTANT_COLUMN_IDS) parts.ranks[id] = instantRanks(parts.instants[id]);
  parts.defaultOrder = sortIndex(joinIndex(projects, parts), DEFAULT_SORT);
  return parts;
}

/** The typed arrays of `parts`, which a worker can hand over without copying. */
export function indexPartsBuffers(parts: IndexParts): ArrayBuffer[] {
  const arrays = [
    parts.offsets,
    ...Object.values(parts.instants),
    ...Object.values(parts.valueIds),
    ...Object.values(parts.ranks),
    ...(parts.defaultOrder ? [parts.defaultOrder] : []),
  ];
  return arrays.map((array) => array.buffer as ArrayBuffer);
}

/** Parts made elsewhere for a list (by the body worker), found by the list itself. */
const madeElsewhere = new WeakMap<Project[], IndexParts>();

/** Hands `indexProjects` the parts of `projects` made off the main thread, so that it does not redo them. */
export function provideIndexParts(projects: Project[], parts: IndexParts): void {
  if (parts.offsets.length === projects.length + 1) madeElsewhere.set(projects, parts);
}

/**
 * A column's ranks made off the main thread after the list (the body worker's), for the index of `projects`
 * whether it is made yet or not; a column already ranked (a click came first) keeps its ranks.
 */
export function provideRanks(
  projects: Project[],
  column: ProjectColumnId,
  ranks: Uint32Array,
): void {
  const parts = madeElsewhere.get(projects);
  if (parts && ranks.length === projects.length) parts.ranks[column] ??= ranks;
}

export function indexProjects(projects: Project[]): ProjectsIndex {
  return joinIndex(projects, madeElsewhere.get(projects) ?? indexParts(projects));
}

function joinIndex(projects: Project[], made: IndexParts): ProjectsIndex {
  const { facetValues, ranks, ...parts } = made;
  const facets = byColumn(FACET_IDS, (id) => ({
    byId: facetValues[id],
    ids: new Map(facetValues[id].map((value, k) => [value, k])),
  }));
  // An empty string cannot be told apart from "no filter" in the URL, so it is not offered as an option.
  const list = (f: FacetValues) => f.byId.filter((v) => v !== "").sort(naturalCompare);
  let values: Record<FacetId, string[]> | undefined;
  return {
    projects,
    ...parts,
    // Sorted when first read (a facet's options opening): the collator costs a phone tens of milliseconds.
    get values() {
      return (values ??= byColumn(FACET_IDS, (id) => list(facets[id])));
    },
    facets,
    ranks,
  };
}

/**
 * Ranks distinct values: `rankOf[k]` is value k's place in the natural order, values the collator finds
 * equal sharing a place (so their rows keep the service's order).
 */
function rankValues(values: string[]): Uint32Array {
  const order = values.map((_, k) => k).sort((a, b) => naturalCompare(values[a]!, values[b]!));
  const rankOf = new Uint32Array(values.length);
  let rank = 0;
  order.forEach((k, i) => {
    if (i > 0 && naturalCompare(values[order[i - 1]!]!, values[k]!) !== 0) rank += 1;
    rankOf[k] = rank;
  });
  return rankOf;
}

/** Each row's rank from its value's rank. */
function rowRanks(ids: Uint32Array, rankOf: Uint32Array): Uint32Array {
  const ranks = new Uint32Array(ids.length);
  for (let i = 0; i < ids.length; i++) ranks[i] = rankOf[ids[i]!]!;
  return ranks;
}

/**
 * Each row's rank in a text column's natural order, from the list itself (what the body worker sends for the
 * long text columns).
 */
export function textRanks(projects: Project[], column: ProjectColumnId): Uint32Array {
  const values = numberer();
  const ids = Uint32Array.from(projects, (p) => values.id(columnValue(column, p)));
  return rowRanks(ids, rankValues(values.byId));
}

/**
 * Each row's place among the distinct instants (an unparseable one, NaN, after them all): a numeric sort of a
 * copy and a binary search per row, since a Map keyed by 100,000 numbers cost a phone over half a second.
 */
function instantRanks(times: Float64Array): Uint32Array {
  const sorted = times.slice().sort();
  const distinct = new Float64Array(sorted.length);
  let count = 0;
  for (const t of sorted) {
    if (!Number.isNaN(t) && (count === 0 || distinct[count - 1] !== t)) distinct[count++] = t;
  }
  const ranks = new Uint32Array(times.length);
  for (let i = 0; i < times.length; i++) {
    const t = times[i]!;
    if (Number.isNaN(t)) {
      ranks[i] = count;
      continue;
    }
    let low = 0;
    let high = count - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (distinct[middle]! < t) low = middle + 1;
      else high = middle;
    }
    ranks[i] = low;
  }
  return ranks;
}

const isInstantColumn = (id: ProjectColumnId): id is InstantColumnId =>
  PROJECT_COLUMNS[id].type === "instant";
const isFacet = (id: ProjectColumnId): id is FacetId => "facet" in PROJECT_COLUMNS[id];

/** The column's ranks, computed on first use and kept with the index (or handed in by the body worker). */
export function columnRanks(index: ProjectsIndex, column: ProjectColumnId): Uint32Array {
  let ranks = index.ranks[column];
  if (!ranks) {
    if (isInstantColumn(column)) ranks = instantRanks(index.instants[column]);
    else if (isFacet(column))
      ranks = rowRanks(index.valueIds[column], rankValues(index.facets[column].byId));
    else ranks = textRanks(index.projects, column);
    index.ranks[column] = ranks;
  }
  return ranks;
}

/**
 * Row numbers in the given order, column by column; ties keep the service's order. A stable counting sort
 * by each column's ranks (every rank is below n), from the last sort column to the first, starting from the
 * service's order: O(n) per column, no comparison callback and no float keys to sort.
 */
export function sortIndex(index: ProjectsIndex, sort: ProjectsSort[]): Uint32Array {
  if (index.defaultOrder && sortEquals(sort, DEFAULT_SORT)) return index.defaultOrder;
  const n = index.projects.length;
  let rows = new Uint32Array(n);
  for (let i = 0; i < n; i++) rows[i] = i;
  if (n === 0) return rows;
  const starts = new Uint32Array(n + 1);
  for (let c = sort.length - 1; c >= 0; c--) {
    const { id, desc } = sort[c]!;
    const ranks = columnRanks(index, id);
    const last = n - 1;
    starts.fill(0);
    // Where each rank's rows start in the new order: counts, then running sums.
    for (let i = 0; i < n; i++) starts[(desc ? last - ranks[i]! : ranks[i]!) + 1]! += 1;
    for (let r = 1; r <= n; r++) starts[r]! += starts[r - 1]!;
    const next = new Uint32Array(n);
    for (let k = 0; k < n; k++) {
      const i = rows[k]!;
      next[starts[desc ? last - ranks[i]! : ranks[i]!]!++] = i;
    }
    rows = next;
  }
  return rows;
}

export type FacetCounts = Record<FacetId, Map<string, number>>;

export interface Selection {
  rows: Project[];
  /** For each facet: how many rows each value would show with every OTHER filter (and the search) applied. */
  facets: FacetCounts;
}

/** Flags by value id for a facet's chosen values, or null when nothing is chosen (every value passes). */
function chosenFlags(values: FacetValues, chosen: readonly string[]): Uint8Array | null {
  if (chosen.length === 0) return null;
  const flags = new Uint8Array(values.byId.length);
  for (const value of chosen) {
    const id = values.ids.get(value);
    if (id !== undefined) flags[id] = 1;
  }
  return flags;
}

function toCounts(values: FacetValues, counts: Int32Array): Map<string, number> {
  const map = new Map<string, number>();
  counts.forEach((n, id) => {
    if (n > 0) map.set(values.byId[id]!, n);
  });
  return map;
}

/** Flags the rows whose search text holds `q`: one scan of the haystack, each hit mapped to its row. */
function searchRows(index: ProjectsIndex, q: string): Uint8Array {
  const { haystack, offsets } = index;
  const hits = new Uint8Array(offsets.length - 1);
  let row = 0;
  let at = haystack.indexOf(q);
  while (at !== -1) {
    while (offsets[row + 1]! <= at) row += 1;
    hits[row] = 1;
    // Once a row matched, go on from its end.
    at = haystack.indexOf(q, offsets[row + 1]!);
  }
  return hits;
}

/**
 * One pass over the sorted rows. A row that passes every filter is shown and counts for every facet; a row
 * that fails exactly one facet's filter still counts for that facet (that is what selecting the value would
 * add); a row failing two or more filters counts nowhere.
 */
export function selectProjects(
  index: ProjectsIndex,
  sorted: Uint32Array,
  filters: ProjectsFilters,
  now: number,
): Selection {
  const q = filters.q.replaceAll(FIELD_SEP, "").replaceAll(ROW_END, "").trim().toLowerCase();
  const { facets: values, valueIds, projects } = index;
  const hits = q ? searchRows(index, q) : null;
  // Per facet, by place in FACET_IDS: each row's value id, the chosen values' flags, the counts.
  const facetCount = FACET_IDS.length;
  const valueOf = FACET_IDS.map((id) => valueIds[id]);
  const chosen = FACET_IDS.map((id) => chosenFlags(values[id], filters[id]));
  const counts = FACET_IDS.map((id) => new Int32Array(values[id].byId.length));
  // Only the facets with a choice can fail a row; only the chosen date filters are checked.
  const filtering = chosen.flatMap((flags, f) => (flags ? [f] : []));
  const ranges = DATE_FILTER_IDS.flatMap((id) => {
    const range = filters[id];
    return range ? [{ times: index.instants[id], interval: resolveDateRange(range, now) }] : [];
  });

  const rows: Project[] = [];
  rowLoop: for (let k = 0; k < sorted.length; k++) {
    const i = sorted[k]!;
    if (hits && hits[i] === 0) continue;
    for (let d = 0; d < ranges.length; d++) {
      if (!within(ranges[d]!.times[i]!, ranges[d]!.interval)) continue rowLoop;
    }
    // The facet this row fails, if exactly one: it still counts there. Failing two, it counts nowhere.
    let failed = -1;
    for (let j = 0; j < filtering.length; j++) {
      const f = filtering[j]!;
      if (chosen[f]![valueOf[f]![i]!] === 0) {
        if (failed !== -1) continue rowLoop;
        failed = f;
      }
    }
    if (failed === -1) {
      rows.push(projects[i]!);
      for (let f = 0; f < facetCount; f++) counts[f]![valueOf[f]![i]!]! += 1;
    } else counts[failed]![valueOf[failed]![i]!]! += 1;
  }
  return {
    rows,
    facets: byColumn(FACET_IDS, (id) => toCounts(values[id], counts[FACET_IDS.indexOf(id)]!)),
  };
}

const within = (t: number, interval: Interval) => t >= interval.start && t < interval.end;

export interface FacetOption {
  value: string;
  count: number;
}

/** A facet's options: every value in the list plus any still selected from the URL, with live counts. */
export function facetOptions(
  index: ProjectsIndex,
  facet: FacetId,
  counts: Map<string, number>,
  selected: readonly string[],
): FacetOption[] {
  const values = index.values[facet];
  const extra = selected.filter((v) => !values.includes(v));
  const all = extra.length ? [...values, ...extra].sort(naturalCompare) : values;
  return all.map((value) => ({ value, count: counts.get(value) ?? 0 }));
}
