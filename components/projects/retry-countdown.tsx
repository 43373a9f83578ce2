"use client";

import { useNow } from "@/lib/ui/use-now";
import { formatWait } from "@/lib/ui/format";

/** "Next attempt possible in 42 s", counting down from when the answer arrived; nothing once it has passed. */
export function RetryCountdown({ retryAt }: { retryAt: number }) {
  const now = useNow(1_000);
  const seconds = (retryAt - now) / 1000;
  if (seconds <= 0) return null;
  return <> Next attempt possible in {formatWait(seconds)}.</>;
}
