import { queryOptions } from "@tanstack/react-query";
import { consoleApi } from "./console-client";

export type { EventShapesAnswer, RetryBehaviourAnswer } from "./console-client";

/**
 * Query options of the Events and Retries views. Both refresh every 5 s while the tab is visible: shapes
 * and retry groups change as deliveries arrive.
 */
export const insightQueries = {
  eventShapes: (endpoint: string, event: string) =>
    queryOptions({
      queryKey: ["webhooks", "event-shapes", endpoint, event] as const,
      queryFn: ({ signal }) =>
        consoleApi.eventShapes(
          { endpoint: endpoint || undefined, event: event || undefined },
          signal,
        ),
      refetchInterval: 5_000,
      staleTime: 2_000,
      placeholderData: (previous) => previous,
    }),
  retryBehaviour: (endpoint: string) =>
    queryOptions({
      queryKey: ["webhooks", "retry-behaviour", endpoint] as const,
      queryFn: ({ signal }) =>
        consoleApi.retryBehaviour({ endpoint: endpoint || undefined }, signal),
      refetchInterval: 5_000,
      staleTime: 2_000,
      placeholderData: (previous) => previous,
    }),
};
