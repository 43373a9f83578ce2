import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { consoleApi } from "./console-client";
import { listParams, type InspectorFilters, type InspectorView } from "./use-inspector-view";

/**
 * Query options for the inspector, shared by every component that reads or writes these cache entries.
 * The list is an infinite query paged backwards with `before=`; new deliveries are prepended to its first
 * page by the live poll (use-live-deliveries.ts), so the cached pages never need refetching.
 */
export type ListFilters = InspectorFilters;

export function listFilters(view: InspectorView): ListFilters {
  return {
    endpoint: view.endpoint,
    event: view.event,
    verification: view.verification,
    range: view.range,
    since: view.since,
    until: view.until,
    q: view.q.trim(),
  };
}

/** Deliveries per page of the list (the first one is read with the page, lib/webhooks/server/page-queries.ts). */
export const DELIVERY_PAGE_SIZE = 100;

export const inspectorQueries = {
  all: () => ["webhooks"] as const,
  endpoints: () =>
    queryOptions({
      queryKey: [...inspectorQueries.all(), "endpoints"] as const,
      queryFn: ({ signal }) => consoleApi.endpoints(signal),
      // Scripted answers are used up by deliveries: keep "N pending" honest while the tab is visible.
      refetchInterval: 5_000,
      // Fresh for one poll's period, so the answer a page was rendered with is not asked for again when the
      // inspector mounts (on a phone, seconds after the server read it).
      staleTime: 5_000,
    }),
  deliveries: (filters: ListFilters) =>
    infiniteQueryOptions({
      queryKey: [...inspectorQueries.all(), "deliveries", filters] as const,
      queryFn: ({ pageParam, signal }) =>
        consoleApi.deliveries(
          {
            ...listParams(filters),
            before: pageParam ?? undefined,
            limit: DELIVERY_PAGE_SIZE,
          },
          signal,
        ),
      // null, not undefined: the first page's parameter survives the JSON of a page rendered with its data.
      initialPageParam: null as string | null,
      getNextPageParam: (last) => (last.hasMore ? (last.nextCursor ?? null) : null),
      staleTime: Infinity,
      refetchOnWindowFocus: false,
    }),
  counts: (filters: ListFilters) =>
    queryOptions({
      queryKey: [...inspectorQueries.all(), "counts", filters] as const,
      queryFn: ({ signal }) => consoleApi.counts(listParams(filters), signal),
      refetchInterval: 5_000,
      staleTime: 5_000,
      placeholderData: (previous) => previous,
    }),
  delivery: (id: string) =>
    queryOptions({
      queryKey: [...inspectorQueries.all(), "delivery", id] as const,
      queryFn: ({ signal }) => consoleApi.delivery(id, signal),
      // A stored delivery never changes.
      staleTime: Infinity,
      retry: false,
    }),
  /** Computed with the endpoint's secrets as they are now, which a member may change meanwhile. */
  diagnosis: (id: string) =>
    queryOptions({
      queryKey: [...inspectorQueries.all(), "diagnosis", id] as const,
      queryFn: ({ signal }) => consoleApi.diagnosis(id, signal),
      staleTime: 10_000,
      retry: false,
    }),
};
