import { useQueryStates } from "nuqs";
import {
  createLoader,
  createParser,
  createSerializer,
  parseAsNativeArrayOf,
  parseAsString,
} from "nuqs/server";
import { DEFAULT_SORT, parseSort, serializeSort, sortEquals, type ProjectsViewState } from "./view";

/**
 * The projects table's view lives in the URL so that a view can be shared and survives a reload:
 * `?q=oak&status=active&status=on_hold&town=Leeds&sort=client.asc`. Defaults are left out of the URL.
 * Parsers and loader come from `nuqs/server` so that server code can import this file; the hook is for the
 * browser (no React import here, so a server component may import the loader).
 */

export const parseAsProjectsSort = createParser({
  parse: parseSort,
  serialize: serializeSort,
  eq: sortEquals,
});

export const projectsViewParsers = {
  q: parseAsString.withDefault(""),
  // Repeated keys rather than a comma list: a status is an arbitrary string from the service.
  status: parseAsNativeArrayOf(parseAsString),
  town: parseAsString.withDefault(""),
  sort: parseAsProjectsSort.withDefault(DEFAULT_SORT),
};

/** Server side: `await loadProjectsView(searchParams)` in a page, or a URL / URLSearchParams anywhere. */
export const loadProjectsView = createLoader(projectsViewParsers);

/** Builds a shareable link to a view: `serializeProjectsView("/projects", { status: ["active"] })`. */
export const serializeProjectsView = createSerializer(projectsViewParsers);

export function useProjectsView() {
  const [view, setView] = useQueryStates(projectsViewParsers, {
    // A filter or sort change is not a new page: Back leaves the table instead of replaying keystrokes.
    history: "replace",
  });

  // Filters only: the member's chosen order stays.
  const clearFilters = () => setView({ q: null, status: null, town: null });

  return { view: view satisfies ProjectsViewState, setView, clearFilters };
}
