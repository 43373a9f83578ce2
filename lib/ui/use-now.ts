"use client";

import { useEffect, useState } from "react";

/** The current time, re-read every `intervalMs`, for "2 minutes ago" and countdowns. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}
