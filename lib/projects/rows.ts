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
}

export interface ProjectsIndex {
  items: IndexedProject[];
  /** Every value each facet holds in the list, in reading order (an option stays while others filter). */
  values: Record<FacetId, string[]>;
}

const FIELD: Record<FacetId, (p: Project) => string> = {
  status: (p) => p.status,
  town: (p) => p.town,
  client: (p) => p.client_name,
};

export function indexProjects(projects: Project[]): ProjectsIndex {
  const seen = { status: new Set<string>(), town: new Set<string>(), client: new Set<string>() };
  const items = projects.map((project) => {
    seen.status.add(project.status);
    seen.town.add(project.town);
    seen.client.add(project.client_name);
    return {
      project,
      search: [project.name, project.client_name, project.town, project.address]
        .join("\u0000")
        .toLowerCase(),
      created: Date.parse(project.created_at),
      updated: Date.parse(project.updated_at),
    };
  });
  // An empty string cannot be told apart from "no filter" in the URL, so it is not offered as an option.
  const list = (set: Set<string>) => [...set].filter((v) => v !== "").sort(naturalCompare);
  return {
    items,
    values: { status: list(seen.status), town: list(seen.town), client: list(seen.client) },
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

/**
 * One pass over the sorted rows. A row that passes every filter is shown and counts for every facet; a row
 * that fails exactly one facet's filter still counts for that facet (that is what selecting the value would
 * add); a row failing two or more filters counts nowhere.
 */
export function selectProjects(
  sorted: IndexedProject[],
  filters: ProjectsFilters,
  now: number,
): Selection {
  const q = filters.q.replaceAll("\u0000", "").trim().toLowerCase();
  const chosen = {
    status: filters.status.length ? new Set(filters.status) : null,
    town: filters.town.length ? new Set(filters.town) : null,
    client: filters.client.length ? new Set(filters.client) : null,
  };
  const created = filters.created ? resolveDateRange(filters.created, now) : null;
  const updated = filters.updated ? resolveDateRange(filters.updated, now) : null;
  const facets: FacetCounts = { status: new Map(), town: new Map(), client: new Map() };
  const bump = (facet: FacetId, value: string) =>
    facets[facet].set(value, (facets[facet].get(value) ?? 0) + 1);

  const rows: Project[] = [];
  for (const item of sorted) {
    if (q && !item.search.includes(q)) continue;
    if (!within(item.created, created) || !within(item.updated, updated)) continue;
    const p = item.project;
    const okStatus = !chosen.status || chosen.status.has(p.status);
    const okTown = !chosen.town || chosen.town.has(p.town);
    const okClient = !chosen.client || chosen.client.has(p.client_name);
    if (okStatus && okTown && okClient) {
      rows.push(p);
      bump("status", p.status);
      bump("town", p.town);
      bump("client", p.client_name);
    } else if (!okStatus && okTown && okClient) bump("status", p.status);
    else if (okStatus && !okTown && okClient) bump("town", p.town);
    else if (okStatus && okTown && !okClient) bump("client", p.client_name);
  }
  return { rows, facets };
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

export { FIELD as facetField };
