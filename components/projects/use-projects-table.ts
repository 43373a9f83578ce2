"use client";

import { useReactTable, type SortingState, type Updater } from "@tanstack/react-table";
import { useDeferredValue, useMemo } from "react";
import type { Project } from "@/lib/projects/schema";
import {
  fromSortingState,
  parseSort,
  serializeSort,
  toColumnFilters,
  toSortingState,
  DEFAULT_SORT,
  type ProjectsViewState,
} from "@/lib/projects/view";
import { projectsTableOptions } from "./projects-table-options";

/**
 * The TanStack table over the projects, driven entirely by the URL's view: the controls write the URL, the
 * table reads it. Sorting, filtering, search and faceted counts are TanStack's row models.
 */
export function useProjectsTable(
  projects: Project[],
  view: ProjectsViewState,
  onSortChange: (sort: ProjectsViewState["sort"]) => void,
) {
  // Keys of primitives keep the state objects stable across renders, so TanStack's memoised row models are
  // not recomputed for 10,000 rows on every unrelated render.
  const sortKey = serializeSort(view.sort);
  const sorting = useMemo(() => toSortingState(parseSort(sortKey) ?? DEFAULT_SORT), [sortKey]);
  const statusKey = JSON.stringify(view.status);
  const columnFilters = useMemo(
    () => toColumnFilters({ status: JSON.parse(statusKey) as string[], town: view.town }),
    [statusKey, view.town],
  );
  // Typing stays responsive on large tables: the filter catches up with the input, not the other way round.
  const globalFilter = useDeferredValue(view.q.trim());

  // TanStack Table keeps its own mutable state; this app does not use React Compiler, so nothing is lost.
  // eslint-disable-next-line react-hooks/incompatible-library
  return useReactTable({
    ...projectsTableOptions,
    data: projects,
    state: { sorting, columnFilters, globalFilter },
    onSortingChange: (updater: Updater<SortingState>) =>
      onSortChange(fromSortingState(typeof updater === "function" ? updater(sorting) : updater)),
  });
}
