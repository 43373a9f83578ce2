"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { connectionQueries } from "@/lib/connection/browser";
import { HEALTH_WORDS, HealthDot } from "./health-dot";

/**
 * The header's connection dot: healthy, stale or failing, from recorded state (GET /api/connection/health,
 * one small query, every 30 s); it opens Settings → Connection.
 */
export function ConnectionStatusDot() {
  const { data } = useQuery(connectionQueries.health());
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
