import { queryOptions } from "@tanstack/react-query";
import { call } from "@/lib/webhooks/browser/console-client";

/** How often the header asks for the open issues' count (one indexed count per member per minute). */
const OPEN_COUNT_POLL_MS = 60_000;

/** The alerts' reads from the browser: the header's count, which whatever changes an issue's status invalidates. */
export const alertQueries = {
  openCount: () =>
    queryOptions({
      queryKey: ["alerts", "open-count"] as const,
      queryFn: ({ signal }) => call<{ openCount: number }>("/api/alerts/issues/count", { signal }),
      refetchInterval: OPEN_COUNT_POLL_MS,
    }),
};
