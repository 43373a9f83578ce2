"use client";

import { useQuery } from "@tanstack/react-query";
import { parseAsString, useQueryState } from "nuqs";
import {
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from "react";
import { projectQueries } from "@/lib/projects/queries";
import { ProjectsErrorState } from "./projects-error-state";
import { NARROW } from "@/lib/ui/use-media-query";
import { isSearchShortcut, PROJECTS_SEARCH_ID } from "@/lib/ui/keyboard";
import { rowKeyHandler } from "./row-keys";

/**
 * The list's code (TanStack Table and Virtual, the toolbar, its menus and popovers) is not needed for the
 * first paint, which the server's first screen makes: it is fetched as the page starts, alongside the list's
 * data, so that a phone parses less script before the page answers.
 */
type ListModule = typeof import("./projects-list");
let listModule: ListModule | null = null;
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));
const loadList = async () => {
  // A wide screen shows the table, whose code is a chunk of its own (a phone's cards do not need it):
  // fetched beside the list's, and in place before the list replaces the first screen.
  const wide = !window.matchMedia(NARROW).matches;
  // The list's modules are evaluated when their import resolves, all in one task: long enough on a phone to
  // block input. So in two tasks: the cards (with the row pipeline and TanStack Virtual), then the rest.
  await import("./project-cards");
  await nextTask();
  const [module] = await Promise.all([
    import("./projects-list"),
    wide ? import("./projects-table") : null,
  ]);
  if (wide) await module.loadTable();
  listModule = module;
  return module;
};

/**
 * The list's code once it is here (at once when an earlier visit loaded it). Held in state rather
 * than behind `React.lazy` and a Suspense boundary: the server would render a boundary whose fallback is
 * the first screen twice (fallback and content) when the first screen streams in after the boundary starts.
 * A failed load is thrown at render, to the page's error handling, as a lazy component's would be.
 */
function useListModule(): ListModule | null {
  const [loaded, setLoaded] = useState<{ module: ListModule } | { error: unknown } | null>(() =>
    listModule ? { module: listModule } : null,
  );
  useEffect(() => {
    if (loaded) return;
    let live = true;
    // In a task of its own: adding the chunks' script elements takes a phone tens of milliseconds, which
    // would lengthen the task that mounts the page and starts the list's data.
    const start = setTimeout(() =>
      loadList().then(
        // A background render, as the list's data gets (below): it yields to input.
        (module) => live && startTransition(() => setLoaded({ module })),
        (error: unknown) => live && setLoaded({ error }),
      ),
    );
    return () => {
      live = false;
      clearTimeout(start);
    };
  }, [loaded]);
  if (loaded && "error" in loaded) throw loaded.error;
  return loaded?.module ?? null;
}

const FIRST_SCREEN_LINK = "a[data-first-screen-link]";

/**
 * Input on the server's first screen once this page's script runs, until the list (its data and its code)
 * replaces it; before the script runs the row links themselves navigate.
 * - A click on a row: its link names the view with the project open, and setting `?project=` here (no page
 *   load) is the same, so the list opens the sheet as it arrives. The row says it is opening (aria-busy).
 * - The list's keys: ↑/↓, j/k, Home/End move between the rows' links, Enter opens one; the row holding the
 *   keyboard focus when the list arrives stays its active row (`keyboardRow`). `/` is kept for the list's
 *   search, focused as soon as it is there.
 */
function useFirstScreenInput(listShown: boolean) {
  const [project, openProject] = useQueryState(
    "project",
    parseAsString.withOptions({ history: "push" }),
  );
  const [keyboardRow, setKeyboardRow] = useState<string | null>(null);
  const searchAsked = useRef(false);

  useEffect(() => {
    if (listShown) {
      if (searchAsked.current) document.getElementById(PROJECTS_SEARCH_ID)?.focus();
      searchAsked.current = false;
      return;
    }
    function onKeyDown(event: globalThis.KeyboardEvent) {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      searchAsked.current = true;
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [listShown]);

  const onClick = useCallback(
    (event: MouseEvent<HTMLDivElement>) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
        return; // A new tab or window: the link's own behaviour.
      }
      const link = (event.target as Element).closest<HTMLElement>(FIRST_SCREEN_LINK);
      if (!link) return;
      event.preventDefault();
      for (const busy of event.currentTarget.querySelectorAll("a[aria-busy]")) {
        busy.removeAttribute("aria-busy");
      }
      link.setAttribute("aria-busy", "true");
      void openProject(link.dataset.firstScreenLink ?? null);
    },
    [openProject],
  );

  const onKeyDown = useCallback((event: KeyboardEvent<HTMLDivElement>) => {
    // The layout CSS does not show (the table below 640 px, the cards above) holds links too.
    const links = [...event.currentTarget.querySelectorAll<HTMLElement>(FIRST_SCREEN_LINK)].filter(
      (link) => link.checkVisibility(),
    );
    rowKeyHandler({
      activeIndex: links.indexOf(document.activeElement as HTMLElement),
      count: links.length,
      onMove: (i) => links[i]?.focus(),
      onOpen: (i) => links[i]?.click(),
    })(event);
  }, []);

  // Only a keyboard focus is handed over: a click focuses its link too, and opens the sheet, which takes focus.
  const onFocus = useCallback((event: FocusEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest<HTMLElement>(FIRST_SCREEN_LINK);
    setKeyboardRow(link?.matches(":focus-visible") ? (link.dataset.firstScreenLink ?? null) : null);
  }, []);
  const onBlur = useCallback(() => setKeyboardRow(null), []);

  return {
    handlers: { onClick, onKeyDown, onFocus, onBlur },
    keyboardRow: project === null ? keyboardRow : null,
  };
}

/**
 * The page's states: loading (`waiting`), no list at all (error), or the list (with its own notices and empty
 * states).
 */
export function ProjectsView({
  waiting: waitingContent,
}: {
  /**
   * What shows until the list (its data and its code) is here, rendered by the page on the server: the first
   * screen of rows when there was a snapshot, else a skeleton. Neither's code is sent to the browser.
   */
  waiting: ReactNode;
}) {
  const query = useQuery(projectQueries.list());
  // React Query hands a new answer over synchronously; rendering the whole list from it is the page's biggest
  // piece of work, so it runs as a background render that yields to input (the first screen stays meanwhile).
  const data = useDeferredValue(query.data);
  const list = useListModule();
  const listShown = data !== undefined && list !== null;
  const firstScreenInput = useFirstScreenInput(listShown);

  // The first screen's links, clicked or focused before the list is here, are handled by these.
  const waiting = (
    <div className="contents" {...firstScreenInput.handlers}>
      {waitingContent}
    </div>
  );

  if (data === undefined && query.isError) {
    return (
      <ProjectsErrorState
        error={query.error}
        failedAt={query.errorUpdatedAt}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }

  return !listShown ? (
    waiting
  ) : (
    <list.ProjectsList
      response={data}
      initialActiveId={firstScreenInput.keyboardRow}
      receivedAt={query.dataUpdatedAt}
      checkError={query.isError ? query.error : null}
    />
  );
}
