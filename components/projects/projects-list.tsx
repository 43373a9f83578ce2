"use client";

import { useMemo } from "react";
import { facetOptions } from "@/lib/projects/facets";
import { formatRowCount } from "@/lib/projects/format";
import type { ProjectsResponse } from "@/lib/projects/schema";
import { useProjectsView } from "@/lib/projects/use-projects-view";
import { hasActiveFilters, serializeSort } from "@/lib/projects/view";
import { NoMatchesState, NoProjectsState } from "./empty-states";
import { Freshness } from "./freshness";
import { InvalidRowsNotice } from "./invalid-rows-notice";
import { ProjectsTable } from "./projects-table";
import { ProjectsToolbar } from "./projects-toolbar";
import { StaleBanner } from "./stale-banner";
import { UpdateErrorNotice } from "./update-error-notice";
import { useProjectsTable } from "./use-projects-table";

function distinct(values: string[]): string[] {
  // An empty string cannot be told apart from "no filter" in the URL, so it is not offered as a filter.
  return [...new Set(values)].filter((value) => value !== "");
}

export function ProjectsList({
  response,
  receivedAt,
  refreshing,
  updateError,
  onRefresh,
}: {
  response: ProjectsResponse;
  receivedAt: number;
  refreshing: boolean;
  updateError: Error | null;
  onRefresh: () => void;
}) {
  const { view, setView, clearFilters } = useProjectsView();
  const { projects } = response;
  const table = useProjectsTable(projects, view, (sort) => void setView({ sort }));

  const allStatuses = useMemo(() => distinct(projects.map((p) => p.status)), [projects]);
  const allTowns = useMemo(() => distinct(projects.map((p) => p.town)), [projects]);
  const statusOptions = facetOptions(
    allStatuses,
    table.getColumn("status")!.getFacetedUniqueValues(),
    view.status,
  );
  const townOptions = facetOptions(
    allTowns,
    table.getColumn("town")!.getFacetedUniqueValues(),
    view.town ? [view.town] : [],
  );

  const filtered = hasActiveFilters(view);
  const shown = table.getRowModel().rows.length;

  return (
    <div className="flex flex-col gap-4">
      {response.error ? (
        <StaleBanner error={response.error} stale={response.stale} receivedAt={receivedAt} />
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
            view={view}
            statusOptions={statusOptions}
            townOptions={townOptions}
            filtered={filtered}
            onChange={(patch) => void setView(patch)}
            onClear={() => void clearFilters()}
          />
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <p
              role="status"
              className="text-sm font-medium text-zinc-800 tabular-nums dark:text-zinc-200"
            >
              {formatRowCount(shown, projects.length)}
            </p>
            <Freshness
              fetchedAt={response.fetchedAt}
              refreshing={refreshing}
              onRefresh={onRefresh}
            />
          </div>
          {shown === 0 ? (
            <NoMatchesState onClear={() => void clearFilters()} />
          ) : (
            <ProjectsTable
              table={table}
              resetKey={`${serializeSort(view.sort)}|${view.q}|${view.status.join(",")}|${view.town}`}
            />
          )}
        </>
      )}
    </div>
  );
}
