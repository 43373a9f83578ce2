import { byColumn, columnValue, DATE_FILTER_IDS, FACET_IDS, PROJECT_COLUMNS } from "./columns";
import { indexProjects, selectProjects, sortIndex, type ProjectsIndex } from "./rows";
import type { Project } from "./schema";
import {
  DEFAULT_SORT,
  hasActiveFilters,
  sortEquals,
  type ProjectsFilters,
  type ProjectsViewState,
} from "./view";

/**
 * The rows of the projects page's first screen (lib/projects/first-screen.ts), from the same row pipeline as
 * the browser (./rows.ts). Pure, and free of the server's modules, so that lib/upstream can compute the
 * default view's first rows once per snapshot, when it stores one.
 */

/** Enough rows to fill a tall screen; the rest is the browser's. */
export const FIRST_SCREEN_ROWS = 30;

export interface FirstRows {
  rows: Project[];
  /** Rows the view shows, and the list's length: the count line reads the same before and after. */
  shown: number;
  total: number;
}

/** The first rows of a view of an indexed list, `order` being the view's sort of it. */
export function firstRows(
  index: ProjectsIndex,
  order: Uint32Array,
  filters: ProjectsFilters,
  now: number,
): FirstRows {
  const { rows } = selectProjects(index, order, filters, now);
  return {
    rows: rows.slice(0, FIRST_SCREEN_ROWS),
    shown: rows.length,
    total: index.projects.length,
  };
}

/**
 * Whether a view shows the default first rows (no filter, the default order): what a member who opens the
 * page sees, and what every snapshot stores (`defaultFirstRows`). Columns and the open project do not change
 * which rows come first.
 */
export function showsDefaultRows(view: ProjectsViewState): boolean {
  return !hasActiveFilters(view) && sortEquals(view.sort, DEFAULT_SORT);
}

const NO_FILTER: ProjectsFilters = {
  q: "",
  ...byColumn(FACET_IDS, () => []),
  ...byColumn(DATE_FILTER_IDS, () => null),
};

/**
 * The default view's first rows of a list: computed once per snapshot by the instance that stores it, before
 * its first answer. The default order is one timestamp column, newest first, equal times in the service's
 * order (as `sortIndex` ranks it), so the first rows are a selection in one pass over the list, without
 * indexing or sorting it all (a test holds it to the full pipeline, `firstRows`).
 */
export function defaultFirstRows(projects: Project[]): FirstRows {
  const [order, ...more] = DEFAULT_SORT;
  if (!order || more.length > 0 || !order.desc || PROJECT_COLUMNS[order.id].type !== "instant") {
    const index = indexProjects(projects);
    // No date filter: the time is never read.
    return firstRows(index, sortIndex(index, DEFAULT_SORT), NO_FILTER, 0);
  }
  const times = projects.map((project) => Date.parse(columnValue(order.id, project)));
  // Row numbers of the newest so far, newest first; an equal time goes after those already kept.
  const top: number[] = [];
  for (let i = 0; i < projects.length; i++) {
    const time = times[i]!;
    if (top.length === FIRST_SCREEN_ROWS && !(time > times[top[top.length - 1]!]!)) continue;
    let at = top.length;
    while (at > 0 && times[top[at - 1]!]! < time) at -= 1;
    top.splice(at, 0, i);
    if (top.length > FIRST_SCREEN_ROWS) top.pop();
  }
  return {
    rows: top.map((i) => projects[i]!),
    shown: projects.length,
    total: projects.length,
  };
}
