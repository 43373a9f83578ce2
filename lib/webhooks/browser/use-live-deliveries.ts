"use client";

import {
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { consoleApi, type DeliveriesPage, type DeliverySummary } from "./console-client";
import { inspectorQueries, type ListFilters } from "./inspector-queries";
import { listParams } from "./use-inspector-view";

/** How often the list asks for what arrived since its newest delivery (the bound is 2 s). */
export const LIVE_POLL_MS = 1_000;
const CATCH_UP_MS = 50;
const LIVE_PAGE = 200;

type ListData = InfiniteData<DeliveriesPage, string | null>;

/**
 * The delivery list: older pages on demand (`before=`), newer ones by polling `after=` with the newest
 * cursor. Works with any number of server instances, since every poll reads the database. React Query stops
 * the poll while the tab is hidden and the next one catches up from the cursor, 200 at a time. Paused, new
 * deliveries are held back and counted; `showPending` prepends them.
 */
export function useLiveDeliveries(filters: ListFilters) {
  const queryClient = useQueryClient();
  const options = inspectorQueries.deliveries(filters);
  const list = useInfiniteQuery(options);
  const [paused, setPaused] = useState(false);
  // Read by the poll, which runs outside render.
  const pausedRef = useRef(false);
  const key = JSON.stringify(filters);
  // Held back while paused, newest first; belongs to one set of filters.
  const pending = useRef<{ key: string; items: DeliverySummary[] }>({ key, items: [] });
  const [pendingCount, setPendingCount] = useState({ key, count: 0 });

  const prepend = (items: DeliverySummary[]) => {
    if (items.length === 0) return;
    queryClient.setQueryData<ListData>(options.queryKey, (old) => {
      if (!old) return old;
      const [first, ...rest] = old.pages;
      const known = new Set(first?.deliveries.map((d) => d.id));
      const fresh = items.filter((d) => !known.has(d.id));
      if (!first || fresh.length === 0) return old;
      return {
        ...old,
        pages: [{ ...first, deliveries: [...fresh, ...first.deliveries] }, ...rest],
      };
    });
  };

  const live = useQuery({
    queryKey: [...options.queryKey, "live"],
    enabled: list.isSuccess,
    queryFn: async ({ signal }) => {
      if (pending.current.key !== key) pending.current = { key, items: [] };
      const cached = queryClient.getQueryData<ListData>(options.queryKey);
      const head = pending.current.items[0]?.cursor ?? cached?.pages[0]?.deliveries[0]?.cursor;
      const page = await consoleApi.deliveries(
        {
          ...listParams(filters),
          after: head,
          limit: LIVE_PAGE,
        },
        signal,
      );
      if (pausedRef.current) {
        pending.current.items = [...page.deliveries, ...pending.current.items];
        setPendingCount({ key, count: pending.current.items.length });
      } else {
        prepend(page.deliveries);
      }
      // Without `after` (an empty list) the answer is the newest page, not a catch-up: no hurry then.
      return { arrived: page.deliveries.length, more: Boolean(head) && page.hasMore };
    },
    refetchInterval: (query) => (query.state.data?.more ? CATCH_UP_MS : LIVE_POLL_MS),
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: false,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

  const showPending = () => {
    if (pending.current.key === key) prepend(pending.current.items);
    pending.current = { key, items: [] };
    setPendingCount({ key, count: 0 });
  };

  const deliveries = useMemo(
    () => list.data?.pages.flatMap((page) => page.deliveries) ?? [],
    [list.data],
  );

  return {
    list,
    deliveries,
    liveError: live.error,
    paused,
    setPaused: (next: boolean) => {
      pausedRef.current = next;
      setPaused(next);
      if (!next) showPending();
    },
    pendingCount: pendingCount.key === key ? pendingCount.count : 0,
    showPending,
  };
}
