import { queryOptions } from "@tanstack/react-query";
import { consoleApi } from "./console-client";
import { inspectorQueries } from "./inspector-queries";

/** TanStack Query options of "Check a handler": a target's history and one kept run. */
export const checkQueries = {
  all: () => [...inspectorQueries.all(), "checks"] as const,
  history: (target: string) =>
    queryOptions({
      queryKey: [...checkQueries.all(), "history", target] as const,
      queryFn: ({ signal }) => consoleApi.checkRuns(target, signal),
      enabled: target !== "",
      // A run in progress (this page's, or another member's) shows its verdicts once it ends.
      refetchInterval: (query) =>
        query.state.data?.some((run) => !run.finishedAt) ? 2_000 : false,
    }),
  run: (id: string) =>
    queryOptions({
      queryKey: [...checkQueries.all(), "run", id] as const,
      queryFn: ({ signal }) => consoleApi.checkRun(id, signal),
      enabled: id !== "",
      // A finished run never changes; an unfinished one is being written by its own stream.
      staleTime: Infinity,
    }),
};
