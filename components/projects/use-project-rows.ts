"use client";

import { useDeferredValue, useEffect, useMemo } from "react";
import { COSTLY_RANK_COLUMNS, type ProjectColumnId } from "@/lib/projects/columns";
import {
  columnValues,
  indexProjects,
  selectProjects,
  sortIndex,
  storeRanks,
  type ProjectsIndex,
} from "@/lib/projects/rows";
import type { Project } from "@/lib/projects/schema";
import { serializeSort, type ProjectsFilters, type ProjectsSort } from "@/lib/projects/view";
import { useNow } from "./use-now";

/** Below this many projects a column ranks on the click in a few milliseconds; no worker is worth it. */
const WORKER_FROM_ROWS = 5_000;

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
  useBackgroundRanks(index);
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

/**
 * Ranks the long text columns in a worker once a large list arrives, so that the first click on their header
 * sorts numbers instead of running the collator over every row. A click before a column's ranks are back
 * ranks it on the spot (sortIndex), and the worker's answer is then ignored.
 */
function useBackgroundRanks(index: ProjectsIndex) {
  useEffect(() => {
    if (index.projects.length < WORKER_FROM_ROWS || typeof Worker === "undefined") return;
    const worker = new Worker(new URL("../../lib/projects/rank-worker.ts", import.meta.url));
    const queue = [...COSTLY_RANK_COLUMNS];
    const next = () => {
      while (queue[0] !== undefined && index.ranks[queue[0]]) queue.shift();
      const column = queue.shift();
      if (column === undefined) worker.terminate();
      else worker.postMessage({ column, values: columnValues(index, column) });
    };
    worker.onmessage = (event: MessageEvent<{ column: ProjectColumnId; ranks: Uint32Array }>) => {
      storeRanks(index, event.data.column, event.data.ranks);
      next();
    };
    next();
    return () => worker.terminate();
  }, [index]);
}
