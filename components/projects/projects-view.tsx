"use client";

import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, type ReactNode } from "react";
import { projectQueries } from "@/lib/projects/queries";
import { DateTooltip } from "./date-tooltip";
import { ProjectsErrorState } from "./projects-error-state";
import { ProjectsSkeleton } from "./projects-skeleton";
import { useRefreshProjects } from "./use-refresh-projects";

/**
 * The list's code (TanStack Table and Virtual, the toolbar, its menus and popovers) is not needed for the
 * first paint, which the server's first screen makes: it is fetched as the page starts, alongside the list's
 * data, so that a phone parses less script before the page answers.
 */
const loadList = () => import("./projects-list");
const ProjectsList = lazy(() => loadList().then((m) => ({ default: m.ProjectsList })));

/**
 * The page's states: loading (the server's first screen of rows when it had a snapshot, else a skeleton), no
 * list at all (error), or the list (with its own notices and empty states).
 */
export function ProjectsView({ firstScreen }: { firstScreen: ReactNode }) {
  const query = useQuery(projectQueries.list());
  const refresh = useRefreshProjects();
  const { mutate } = refresh;
  // Stable, so that the list's memoised parts taking it skip re-rendering.
  const onRefresh = useCallback(() => mutate(), [mutate]);
  // React Query hands a new answer over synchronously; rendering the whole list from it is the page's biggest
  // piece of work, so it runs as a background render that yields to input (the first screen stays meanwhile,
  // also while the list's code is still on its way: a background render that suspends keeps what is shown).
  const data = useDeferredValue(query.data);
  useEffect(() => {
    void loadList();
  }, []);

  // Until the list (its data and its code) is here: the first screen, or a skeleton when there was none.
  const waiting = firstScreen ?? <ProjectsSkeleton />;

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

  // A failed background check or manual refresh does not hide the list; it is reported beside it, until a
  // later answer supersedes it.
  const refreshError =
    refresh.error && refresh.submittedAt > query.dataUpdatedAt ? refresh.error : null;
  const updateError = refreshError ?? (query.isError ? query.error : null);

  return (
    <>
      <Suspense fallback={waiting}>
        {data === undefined ? (
          waiting
        ) : (
          <ProjectsList
            response={data}
            receivedAt={query.dataUpdatedAt}
            refreshing={refresh.isPending}
            updateError={updateError}
            onRefresh={onRefresh}
          />
        )}
      </Suspense>
      <DateTooltip />
    </>
  );
}
