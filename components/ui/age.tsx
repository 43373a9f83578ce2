"use client";

import { formatAge } from "@/lib/ui/format";
import { useNow } from "@/lib/ui/use-now";

/** How often "12 s ago" is said anew. */
const AGE_TICK_MS = 5_000;

/**
 * "12 s ago" for a list that is watched as it fills (formatAge), the exact instant on hover. It reads the
 * page's clock itself, so a tick re-renders this text only, not the list around it.
 */
export function Age({ at, className }: { at: string; className?: string }) {
  const now = useNow(AGE_TICK_MS);
  return (
    <time className={className} dateTime={at} title={at}>
      {formatAge(at, now)}
    </time>
  );
}
