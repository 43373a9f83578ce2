"use client";

import { useDeferredValue, useMemo } from "react";
import { indexProjects, selectProjects, sortIndex } from "@/lib/projects/rows";
import type { Project } from "@/lib/projects/schema";
import { serializeSort, type ProjectsFilters, type ProjectsSort } from "@/lib/projects/view";
import { useNow } from "@/lib/ui/use-now";

/**
 * The shown rows and facet counts, memoised by what they depend on: the index when the list changes, the
 * sorted order when the sort changes, and one pass when a filter changes. The filters are deferred so typing
 * in the search stays responsive while a large list catches up (`pending` says it is catching up).
 */
export function useProjectRows(
  projects: Project[],
  filters: ProjectsFilters,
  sort: ProjectsSort[],
) {
  const index = useMemo(() => indexProjects(projects), [projects]);
  const sortKey = serializeSort(sort);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for the sort's content
  const sorted = useMemo(() => sortIndex(index, sort), [index, sortKey]);
  const deferred = useDeferredValue(filters);
  // Presets ("last 7 days") move with the clock; a minute is as fine as they need.
  const minute = Math.floor(useNow(60_000) / 60_000);
  const key = JSON.stringify(deferred);
  const selection = useMemo(
    () => selectProjects(index, sorted, deferred, minute * 60_000),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for the filters' content
    [index, sorted, key, minute],
  );
  return { index, ...selection, pending: key !== JSON.stringify(filters) };
}
