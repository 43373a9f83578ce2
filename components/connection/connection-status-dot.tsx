"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { connectionQueries } from "@/lib/connection/browser";
import type { ConnectionHealth } from "@/lib/connection/schema";
import type { PrefetchedAnswer } from "@/lib/query-prefetch";
import { HEALTH_WORDS, HealthDot } from "./health-dot";

/**
 * The header's connection dot: healthy, stale or failing, from recorded state (GET /api/connection/health,
 * one small query, every 30 s); it opens Settings → Connection. `initial`: the state read with the page
 * (lib/layout/header-prefetch.ts).
 */
export function ConnectionStatusDot({
  initial,
}: {
  initial: PrefetchedAnswer<ConnectionHealth> | null;
}) {
  const { data } = useQuery({
    ...connectionQueries.health(),
    initialData: initial?.data,
    initialDataUpdatedAt: initial?.updatedAt,
  });
  if (!data) return null;
  const label = `Connection: ${HEALTH_WORDS[data.health]}. ${data.headline}`;
  return (
    // A title, not a Radix tooltip: the header is on every page, and its script would load with each.
    <Link
      href="/settings/connection"
      aria-label={label}
      title={label}
      data-testid="connection-dot"
      className="flex size-8 items-center justify-center rounded-md hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
    >
      <HealthDot health={data.health} className="size-2.5" />
    </Link>
  );
}
