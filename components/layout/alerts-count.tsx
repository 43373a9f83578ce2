"use client";

import { useQuery } from "@tanstack/react-query";
import { BellIcon } from "lucide-react";
import Link from "next/link";
import { alertQueries } from "@/lib/alerts/browser";
import type { PrefetchedAnswer } from "@/lib/query-prefetch";
import { cn } from "@/lib/utils";

/**
 * The header's bell: the open alert issues' count, opening the Alerts page. `initial`: the count read with
 * the page (lib/layout/header-prefetch.ts).
 */
export function AlertsCount({
  initial,
}: {
  initial: PrefetchedAnswer<{ openCount: number }> | null;
}) {
  const { data } = useQuery({
    ...alertQueries.openCount(),
    initialData: initial?.data,
    initialDataUpdatedAt: initial?.updatedAt,
  });
  const count = data?.openCount ?? 0;
  const label = count === 1 ? "1 open alert" : `${count} open alerts`;
  return (
    <Link
      href="/alerts"
      aria-label={`Alerts: ${label}`}
      title={label}
      data-testid="alerts-count"
      className="relative inline-flex size-8 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-foreground"
    >
      <BellIcon aria-hidden="true" className="size-4" />
      {count > 0 ? (
        <span
          aria-hidden="true"
          className={cn(
            "absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] font-semibold text-white tabular-nums",
          )}
        >
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </Link>
  );
}
