"use client";

import { useQuery } from "@tanstack/react-query";
import { projectQueries } from "@/lib/projects/queries";
import { ProjectsErrorState } from "./projects-error-state";
import { ProjectsList } from "./projects-list";
import { ProjectsSkeleton } from "./projects-skeleton";
import { useRefreshProjects } from "./use-refresh-projects";

/** The page's states: loading, no list at all (error), or the list (with its own notices and empty states). */
export function ProjectsView() {
  const query = useQuery(projectQueries.list());
  const refresh = useRefreshProjects();

  if (query.data === undefined) {
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
    return <ProjectsSkeleton />;
  }

  // A failed background check or manual refresh does not hide the list; it is reported beside it, until a
  // later answer supersedes it.
  const refreshError =
    refresh.error && refresh.submittedAt > query.dataUpdatedAt ? refresh.error : null;
  const updateError = refreshError ?? (query.isError ? query.error : null);

  return (
    <ProjectsList
      response={query.data}
      receivedAt={query.dataUpdatedAt}
      refreshing={refresh.isPending}
      updateError={updateError}
      onRefresh={() => refresh.mutate()}
    />
  );
}
