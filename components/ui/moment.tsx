"use client";

import { formatShortMoment } from "@/lib/ui/format";
import { useHydrated } from "@/lib/ui/use-hydrated";

/**
 * A moment as "Nov 23, 09:41" in the member's time zone. A page rendered on the server with its data cannot
 * know that zone: until the page has hydrated it says the moment in UTC ("Nov 23, 08:41 UTC"), the same on
 * the server and at hydration, then in the member's zone.
 */
export function Moment({ value }: { value: string }) {
  const local = useHydrated();
  return (
    <time dateTime={value}>
      {local ? formatShortMoment(value) : `${formatShortMoment(value, "utc")} UTC`}
    </time>
  );
}
