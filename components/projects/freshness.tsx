"use client";

import { formatDateTime, formatRelativeTime } from "@/lib/projects/format";
import { secondaryButton } from "./button-styles";
import { useNow } from "./use-now";

/** "Updated 2 minutes ago" (when our server last got the list from the service) and the Refresh button. */
export function Freshness({
  fetchedAt,
  refreshing,
  onRefresh,
}: {
  fetchedAt: string;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const now = useNow(15_000);
  return (
    <div className="flex items-center gap-3">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Updated{" "}
        <time dateTime={fetchedAt} title={formatDateTime(fetchedAt)}>
          {formatRelativeTime(fetchedAt, now)}
        </time>
      </p>
      <button
        type="button"
        onClick={() => {
          if (!refreshing) onRefresh();
        }}
        aria-disabled={refreshing || undefined}
        className={secondaryButton}
      >
        <span aria-hidden="true" className={refreshing ? "animate-spin" : ""}>
          ↻
        </span>
        {refreshing ? "Refreshing…" : "Refresh"}
      </button>
    </div>
  );
}
