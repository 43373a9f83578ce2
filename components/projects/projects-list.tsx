"use client";

import dynamic from "next/dynamic";
import { Suspense, lazy, useCallback, useMemo, useState } from "react";
import { DEFAULT_VISIBLE_COLUMNS, type ProjectColumnId } from "@/lib/projects/columns";
import { hasActiveFilters, nextSort, serializeSort } from "@/lib/projects/view";
import type { Density } from "@/lib/projects/column-prefs";
import type { FilterChoices, ProjectsFilters } from "@/lib/projects/view";
import { formatRowCount } from "@/lib/projects/format";
import type { Project, ProjectsResponse } from "@/lib/projects/schema";
import { serializeProjectsView, useProjectsView } from "@/lib/projects/use-projects-view";
import { DateTooltip } from "./date-tooltip";
import { NoMatchesState, NoProjectsState } from "./empty-states";
import { ExportMenu } from "./export-menu";
import { Freshness } from "./freshness";
import { InvalidRowsNotice } from "./invalid-rows-notice";
import { ProjectCards } from "./project-cards";
import { ProjectsToolbar } from "./projects-toolbar";
import { StaleBanner } from "./stale-banner";
import { UpdateErrorNotice } from "./update-error-notice";
import { useColumnPrefs } from "./use-column-prefs";
import { NARROW, useMediaQuery } from "@/lib/ui/use-media-query";
import { useNow } from "@/lib/ui/use-now";
import { useProjectRows } from "./use-project-rows";
import { useRefreshProjects } from "./use-refresh-projects";
import { ViewOptions } from "./view-options";

/**
 * The table's code (TanStack Table for its header) only where the table shows: wide screens fetch it with the
 * list (ProjectsView's loadList), phones never unless the window widens.
 */
let tableModule: typeof import("./projects-table") | null = null;
export function loadTable() {
  return import("./projects-table").then((module) => (tableModule = module));
}
const LazyProjectsTable = lazy(() => loadTable().then((m) => ({ default: m.ProjectsTable })));

/** Where the table goes while its code arrives (a window widened past the phone layout). */
function TableLoading() {
  return (
    <div
      aria-busy="true"
      className="h-[calc(100dvh-15rem)] min-h-80 animate-pulse rounded-lg border bg-card"
    />
  );
}

/** The sheet's code is fetched when a project is first opened (or a link names one), not with the page. */
const ProjectSheet = dynamic(() => import("./project-sheet").then((m) => m.ProjectSheet), {
  ssr: false,
});

export function ProjectsList({
  response,
  receivedAt,
  checkError,
  initialActiveId = null,
}: {
  response: ProjectsResponse;
  receivedAt: number;
  /** The last background check's failure, while no later answer has superseded it. */
  checkError: Error | null;
  /** The first screen's row that held the keyboard focus: it becomes the active row, and takes the focus. */
  initialActiveId?: string | null;
}) {
  // The Refresh button's action lives with the list, the only part that shows it (its code loads with the
  // list's, not with the page).
  const refresh = useRefreshProjects();
  const { mutate } = refresh;
  // Stable, so that the list's memoised parts taking it skip re-rendering.
  const onRefresh = useCallback(() => mutate(), [mutate]);
  const refreshing = refresh.isPending;
  // A failed background check or manual refresh does not hide the list; it is reported beside it, until a
  // later answer supersedes it.
  const updateError =
    (refresh.error && refresh.submittedAt > receivedAt ? refresh.error : null) ?? checkError;
  const { view, setView, setSearch, resetFilters } = useProjectsView();
  const [prefs, updatePrefs] = useColumnPrefs();
  const narrow = useMediaQuery(NARROW);
  // Chosen once: the table's code when it is already here (no loading frame), else loaded on first use.
  const [ProjectsTable] = useState(() => tableModule?.ProjectsTable ?? LazyProjectsTable);
  const now = useNow(30_000);
  const { projects } = response;

  // Kept by identity (nuqs keeps each unchanged value's), so that a keystroke in the search re-renders
  // neither the facet and date filters nor anything else that does not show the search.
  const { q, status, town, client, created, updated, sort } = view;
  const choices: FilterChoices = useMemo(
    () => ({ status, town, client, created, updated }),
    [status, town, client, created, updated],
  );
  const filters: ProjectsFilters = useMemo(() => ({ q, ...choices }), [q, choices]);
  const { index, rows, facets, pending } = useProjectRows(projects, filters, sort);

  // A link's columns win; otherwise this browser's choice.
  const columns = view.cols ?? prefs.columns;
  const saveWidths = useCallback(
    (widths: Record<string, number>) =>
      updatePrefs({
        widths: Object.fromEntries(Object.entries(widths).map(([id, w]) => [id, Math.round(w)])),
      }),
    [updatePrefs],
  );
  const setColumns = useCallback(
    (next: ProjectColumnId[]) => {
      updatePrefs({ columns: next });
      void setView({ cols: next });
    },
    [updatePrefs, setView],
  );
  const setDensity = useCallback((density: Density) => updatePrefs({ density }), [updatePrefs]);
  const onSort = useCallback(
    (id: ProjectColumnId, additive: boolean) =>
      void setView({ sort: nextSort(sort, id, additive) }),
    [sort, setView],
  );

  // The active row (highlighted, keyboard focus) is the open project while the sheet is open.
  const [activeId, setActiveId] = useState<string | null>(initialActiveId);
  // Built on first use: a list that arrives with no project open or active (the usual case) needs no map,
  // and making one of 100,000 projects costs a phone a third of a second.
  const byId = useMemo(() => {
    let map: Map<string, Project> | undefined;
    return (id: string) =>
      (map ??= new Map(index.projects.map((project) => [project.id, project]))).get(id) ?? null;
  }, [index]);
  const open = view.project !== null ? byId(view.project) : null;
  const active = open ?? (activeId !== null ? byId(activeId) : null);
  const activeIndex = active ? rows.indexOf(active) : -1;
  const openIndex = open ? (open === active ? activeIndex : rows.indexOf(open)) : -1;
  const [focusToken, setFocusToken] = useState(initialActiveId === null ? 0 : 1);
  // Once opened the sheet stays mounted, so that closing it animates and hands focus back to the row.
  const [sheetUsed, setSheetUsed] = useState(view.project !== null);
  if (view.project !== null && !sheetUsed) setSheetUsed(true);

  const openRow = (i: number) => {
    const project = rows[i];
    if (!project) return;
    setActiveId(project.id);
    void setView({ project: project.id });
  };
  const moveOpen = (step: -1 | 1) => {
    const next = rows[openIndex + step];
    if (!next) return;
    setActiveId(next.id);
    // Stepping through neighbours is one visit to the sheet, not a history entry per project.
    void setView({ project: next.id }, { history: "replace" });
  };

  const link =
    typeof window === "undefined"
      ? ""
      : serializeProjectsView(`${window.location.origin}/projects`, {
          ...view,
          cols: columns.join(",") === DEFAULT_VISIBLE_COLUMNS.join(",") ? null : columns,
        });

  const filtered = hasActiveFilters(filters);
  const resetKey = `${serializeSort(sort)}|${JSON.stringify(filters)}`;
  // The toolbar's own controls as elements kept while their inputs stay, so that a keystroke re-renders
  // neither (and the view options not even when the rows change).
  const viewOptions = useMemo(
    () =>
      narrow ? null : (
        <ViewOptions
          columns={columns}
          onColumnsChange={setColumns}
          density={prefs.density}
          onDensityChange={setDensity}
        />
      ),
    [narrow, columns, setColumns, prefs.density, setDensity],
  );
  const exportMenu = useMemo(() => <ExportMenu rows={rows} columns={columns} />, [rows, columns]);
  const listProps = {
    rows,
    activeIndex,
    focusToken,
    onActivate: (i: number) => setActiveId(rows[i]?.id ?? null),
    onOpen: openRow,
    resetKey,
    now,
    pending,
  };

  return (
    <div className="flex min-w-0 flex-col gap-3">
      {/* The exact date of every "3 days ago" on hover or focus; with the list's code, not the page's first. */}
      <DateTooltip />
      {response.error ? (
        <StaleBanner
          error={response.error}
          stale={response.stale}
          fetchedAt={response.fetchedAt}
          now={now}
          receivedAt={receivedAt}
        />
      ) : null}
      {response.invalid && response.invalid.count > 0 ? (
        <InvalidRowsNotice invalid={response.invalid} />
      ) : null}
      {updateError ? <UpdateErrorNotice error={updateError} /> : null}

      {projects.length === 0 ? (
        <NoProjectsState onRefresh={onRefresh} refreshing={refreshing} />
      ) : (
        <>
          <ProjectsToolbar
            q={q}
            choices={choices}
            index={index}
            facets={facets}
            narrow={narrow}
            filtered={filtered}
            shown={rows.length}
            onSearch={setSearch}
            onChange={setView}
            onReset={resetFilters}
          >
            {viewOptions}
            {exportMenu}
          </ProjectsToolbar>
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
            <p role="status" className="text-[13px] font-medium text-foreground tabular-nums">
              {formatRowCount(rows.length, projects.length)}
            </p>
            <Freshness
              fetchedAt={response.fetchedAt}
              stale={response.stale}
              now={now}
              refreshing={refreshing}
              onRefresh={onRefresh}
            />
          </div>
          {rows.length === 0 ? (
            <NoMatchesState onClear={() => void resetFilters()} />
          ) : narrow ? (
            <ProjectCards {...listProps} />
          ) : (
            <Suspense fallback={<TableLoading />}>
              <ProjectsTable
                {...listProps}
                shownColumns={columns}
                savedWidths={prefs.widths}
                onWidthsSaved={saveWidths}
                sort={sort}
                onSort={onSort}
                density={prefs.density}
              />
            </Suspense>
          )}
        </>
      )}

      {sheetUsed ? (
        <ProjectSheet
          project={open}
          link={link}
          missingId={view.project !== null && open === null ? view.project : null}
          position={openIndex}
          total={rows.length}
          now={now}
          onMove={moveOpen}
          onClose={() => void setView({ project: null })}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            setFocusToken((t) => t + 1);
          }}
        />
      ) : null}
    </div>
  );
}
