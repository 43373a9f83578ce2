"use client";

import { useQuery } from "@tanstack/react-query";
import { useCallback, useDeferredValue } from "react";
import type { FirstScreen } from "@/lib/projects/first-screen";
import { projectQueries } from "@/lib/projects/queries";
import { DateTooltip } from "./date-tooltip";
import { ProjectsErrorState } from "./projects-error-state";
import { ProjectsFirstScreen } from "./projects-first-screen";
import { ProjectsList } from "./projects-list";
import { ProjectsSkeleton } from "./projects-skeleton";
import { useRefreshProjects } from "./use-refresh-projects";

/**
 * The page's states: loading (the server's first screen of rows when it had a snapshot, else a skeleton), no
 * list at all (error), or the list (with its own notices and empty states).
 */
export function ProjectsView({ firstScreen }: { firstScreen: FirstScreen | null }) {
  const query = useQuery(projectQueries.list());
  const refresh = useRefreshProjects();
  const { mutate } = refresh;
  // Stable, so that the list's memoised parts taking it skip re-rendering.
  const onRefresh = useCallback(() => mutate(), [mutate]);
  // React Query hands a new answer over synchronously; rendering the whole list from it is the page's biggest
  // piece of work, so it runs as a background render that yields to input (the first screen stays meanwhile).
  const data = useDeferredValue(query.data);

  if (data === undefined) {
    if (query.isError) {
      return (
        <ProjectsErrorState
          error={query.error}
          failedAt={query.errorUpdatedAt}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      );
    }
    return firstScreen && firstScreen.total > 0 ? (
      <>
        <ProjectsFirstScreen screen={firstScreen} />
        <DateTooltip />
      </>
    ) : (
      <ProjectsSkeleton />
    );
  }

  // A failed background check or manual refresh does not hide the list; it is reported beside it, until a
  // later answer supersedes it.
  const refreshError =
    refresh.error && refresh.submittedAt > query.dataUpdatedAt ? refresh.error : null;
  const updateError = refreshError ?? (query.isError ? query.error : null);

  return (
    <>
      <ProjectsList
        response={data}
        receivedAt={query.dataUpdatedAt}
        refreshing={refresh.isPending}
        updateError={updateError}
        onRefresh={onRefresh}
      />
      <DateTooltip />
    </>
  );
}
