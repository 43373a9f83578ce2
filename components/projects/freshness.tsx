"use client";

import { RefreshCw } from "lucide-react";
import { memo } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { RelativeDate } from "./relative-date";

/**
 * "Updated 3 minutes ago": the age of the snapshot (when our server last got the list from the service), the
 * same instant the stale banner speaks of, so the two never disagree. Refresh is disabled while it runs.
 * Memoised: the list re-renders on every keystroke, the age only when the clock or the snapshot moves.
 */
export const Freshness = memo(function Freshness({
  fetchedAt,
  stale,
  now,
  refreshing,
  onRefresh,
}: {
  fetchedAt: string;
  stale: boolean;
  now: number;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <p className={cn("text-xs text-muted-foreground", stale && "text-warning")}>
        {stale ? "Last updated " : "Updated "}
        <RelativeDate iso={fetchedAt} now={now} />
      </p>
      <Button variant="outline" size="sm" disabled={refreshing} onClick={onRefresh}>
        <RefreshCw
          aria-hidden="true"
          className={cn(refreshing && "animate-spin motion-reduce:animate-none")}
        />
        {refreshing ? "Refreshing…" : "Refresh"}
      </Button>
    </div>
  );
});
