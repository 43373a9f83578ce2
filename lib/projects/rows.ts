import { resolveDateRange, type Interval } from "./date-range";
import { naturalCompare } from "./format";
import type { Project } from "./schema";
import type { FacetId, ProjectColumnId, ProjectsFilters, ProjectsSort } from "./view";

/**
 * The table's rows from the projects and the view, without React: filtering, faceted counts and sorting,
 * shaped for 100,000 rows. The work per projects list is done once (search keys, instants, facet values);
 * each sort is done once per list and kept; a keystroke in the search is then one pass over the sorted rows
 * that also counts every facet.
 */

export interface IndexedProject {
  project: Project;
  /** name, client, town and address, lowercased once; the separator never matches a search. */
  search: string;
  created: number;
  updated: number;
  /** Each facet's value as a small integer, so a pass counts in typed arrays instead of maps. */
  status: number;
  town: number;
  client: number;
}

/** One facet's values, numbered in the order they first appear. */
interface FacetValues {
  byId: string[];
  ids: Map<string, number>;
}

export interface ProjectsIndex {
  items: IndexedProject[];
  /** Every value each facet holds in the list, in reading order (an option stays while others filter). */
  values: Record<FacetId, string[]>;
  facets: Record<FacetId, FacetValues>;
}

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

export function indexProjects(projects: Project[]): ProjectsIndex {
  const status = numberer();
  const town = numberer();
  const client = numberer();
  const items = projects.map((project) => ({
    project,
    search: [project.name, project.client_name, project.town, project.address]
      .join("\u0000")
      .toLowerCase(),
    created: Date.parse(project.created_at),
    updated: Date.parse(project.updated_at),
    status: status.id(project.status),
    town: town.id(project.town),
    client: client.id(project.client_name),
  }));
  // An empty string cannot be told apart from "no filter" in the URL, so it is not offered as an option.
  const list = (f: FacetValues) => f.byId.filter((v) => v !== "").sort(naturalCompare);
  const facets = {
    status: { byId: status.byId, ids: status.ids },
    town: { byId: town.byId, ids: town.ids },
    client: { byId: client.byId, ids: client.ids },
  };
  return {
    items,
    values: { status: list(status), town: list(town), client: list(client) },
    facets,
  };
}

type Compare = (a: IndexedProject, b: IndexedProject) => number;

const text =
  (field: (p: Project) => string): Compare =>
  (a, b) =>
    naturalCompare(field(a.project), field(b.project));

const COMPARE: Record<ProjectColumnId, Compare> = {
  id: text((p) => p.id),
  name: text((p) => p.name),
  client: text((p) => p.client_name),
  town: text((p) => p.town),
  address: text((p) => p.address),
  status: text((p) => p.status),
  created: (a, b) => a.created - b.created,
  updated: (a, b) => a.updated - b.updated,
};

/** The list in the given order, column by column; ties keep the service's order (the sort is stable). */
export function sortIndex(items: IndexedProject[], sort: ProjectsSort[]): IndexedProject[] {
  if (sort.length === 0) return items;
  const compares = sort.map(({ id, desc }) => {
    const compare = COMPARE[id];
    return desc ? (a: IndexedProject, b: IndexedProject) => compare(b, a) : compare;
  });
  return [...items].sort((a, b) => {
    for (const compare of compares) {
      const order = compare(a, b);
      if (order !== 0) return order;
    }
    return 0;
  });
}

export type FacetCounts = Record<FacetId, Map<string, number>>;

export interface Selection {
  rows: Project[];
  /** For each facet: how many rows each value would show with every OTHER filter (and the search) applied. */
  facets: FacetCounts;
}

const within = (t: number, interval: Interval | null) =>
  interval === null || (t >= interval.start && t < interval.end);

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

/**
 * One pass over the sorted rows. A row that passes every filter is shown and counts for every facet; a row
 * that fails exactly one facet's filter still counts for that facet (that is what selecting the value would
 * add); a row failing two or more filters counts nowhere.
 */
export function selectProjects(
  index: ProjectsIndex,
  sorted: IndexedProject[],
  filters: ProjectsFilters,
  now: number,
): Selection {
  const q = filters.q.replaceAll("\u0000", "").trim().toLowerCase();
  const { facets: values } = index;
  const status = chosenFlags(values.status, filters.status);
  const town = chosenFlags(values.town, filters.town);
  const client = chosenFlags(values.client, filters.client);
  const created = filters.created ? resolveDateRange(filters.created, now) : null;
  const updated = filters.updated ? resolveDateRange(filters.updated, now) : null;
  const counts = {
    status: new Int32Array(values.status.byId.length),
    town: new Int32Array(values.town.byId.length),
    client: new Int32Array(values.client.byId.length),
  };

  const rows: Project[] = [];
  for (const item of sorted) {
    if (q && !item.search.includes(q)) continue;
    if (!within(item.created, created) || !within(item.updated, updated)) continue;
    const okStatus = !status || status[item.status] === 1;
    const okTown = !town || town[item.town] === 1;
    const okClient = !client || client[item.client] === 1;
    if (okStatus && okTown && okClient) {
      rows.push(item.project);
      counts.status[item.status]! += 1;
      counts.town[item.town]! += 1;
      counts.client[item.client]! += 1;
    } else if (!okStatus && okTown && okClient) counts.status[item.status]! += 1;
    else if (okStatus && !okTown && okClient) counts.town[item.town]! += 1;
    else if (okStatus && okTown && !okClient) counts.client[item.client]! += 1;
  }
  return {
    rows,
    facets: {
      status: toCounts(values.status, counts.status),
      town: toCounts(values.town, counts.town),
      client: toCounts(values.client, counts.client),
    },
  };
}

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
