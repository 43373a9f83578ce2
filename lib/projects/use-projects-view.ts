import { debounce, useQueryStates, type Options } from "nuqs";
import {
  createLoader,
  createParser,
  createSerializer,
  parseAsNativeArrayOf,
  parseAsString,
} from "nuqs/server";
import { byColumn, DATE_FILTER_IDS, FACET_IDS } from "./columns";
import { dateRangeEquals, parseDateRange, serializeDateRange } from "./date-range";
import {
  DEFAULT_SORT,
  NO_FILTERS,
  parseColumns,
  parseSort,
  serializeSort,
  sortEquals,
  type ProjectsViewState,
} from "./view";

/**
 * The projects table's view lives in the URL so that a link reproduces it and Back undoes a step:
 * `?q=oak&status=active&town=Leeds&town=York&client=Acme&created=30d&updated=2025-01-01..2025-03-31
 * &sort=client.asc,updated.desc&cols=name,client,status&project=p_123`. Defaults are left out of the URL.
 * Parsers and loader come from `nuqs/server` so that server code can import this file; the hook is for the
 * browser (no React import here, so a server component may import the loader).
 */

export const parseAsProjectsSort = createParser({
  parse: parseSort,
  serialize: serializeSort,
  eq: sortEquals,
});

export const parseAsColumns = createParser({
  parse: parseColumns,
  serialize: (columns: string[]) => columns.join(","),
  eq: (a, b) => a.join(",") === b.join(","),
});

export const parseAsDateRange = createParser({
  parse: parseDateRange,
  serialize: serializeDateRange,
  eq: dateRangeEquals,
});

// Repeated keys rather than a comma list: a facet's values (statuses, towns, clients) are arbitrary strings.
const parseAsFacetValues = parseAsNativeArrayOf(parseAsString);

/** One parameter per facet and per date filter, named by its column (lib/projects/columns.ts). */
const filterParsers = {
  ...byColumn(FACET_IDS, () => parseAsFacetValues),
  ...byColumn(DATE_FILTER_IDS, () => parseAsDateRange),
};

export const projectsViewParsers = {
  q: parseAsString.withDefault(""),
  ...filterParsers,
  sort: parseAsProjectsSort.withDefault(DEFAULT_SORT),
  cols: parseAsColumns,
  project: parseAsString,
};

/** Server side: `await loadProjectsView(searchParams)` in a page, or a URL / URLSearchParams anywhere. */
export const loadProjectsView = createLoader(projectsViewParsers);

/** Builds a shareable link to a view: `serializeProjectsView("/projects", { status: ["active"] })`. */
export const serializeProjectsView = createSerializer(projectsViewParsers);

type ViewPatch = Partial<{ [K in keyof ProjectsViewState]: ProjectsViewState[K] | null }>;

/**
 * How long the search waits after the last keystroke before it writes the URL. The rows follow every
 * keystroke at once (the hook's state changes immediately); only the history entry waits, because each
 * write also re-renders Next's router, which would otherwise compete with the rows on every keystroke.
 */
export const SEARCH_URL_DEBOUNCE_MS = 300;

type SetQuery = ReturnType<typeof useQueryStates<typeof projectsViewParsers>>[1];

function viewActions(setQuery: SetQuery) {
  return {
    setView: (patch: ViewPatch, options?: Options) => setQuery(patch, options),
    // Typing is not a step per keystroke: the search replaces its own entry, once typing pauses.
    setSearch: (q: string) =>
      setQuery(
        { q: q || null },
        { history: "replace", limitUrlUpdates: debounce(SEARCH_URL_DEBOUNCE_MS) },
      ),
    // Filters only: the member's chosen order and columns stay.
    resetFilters: () => setQuery(NO_FILTERS),
  };
}

/**
 * The actions per setter, so that they keep their identity across renders as nuqs' setter does (memoised
 * children taking them then skip re-rendering); a WeakMap rather than useMemo keeps React out of this file.
 */
const actionsBySetter = new WeakMap<SetQuery, ReturnType<typeof viewActions>>();

export function useProjectsView() {
  // Each deliberate change (a filter, a sort, opening a project) is a step Back can undo.
  const [view, setQuery] = useQueryStates(projectsViewParsers, { history: "push" });
  let actions = actionsBySetter.get(setQuery);
  if (!actions) actionsBySetter.set(setQuery, (actions = viewActions(setQuery)));
  return { view: view as ProjectsViewState, ...actions };
}
