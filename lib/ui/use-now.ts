"use client";

import { useSyncExternalStore } from "react";

/**
 * One clock per interval for the whole page. Each component that shows a time asks for it itself
 * (`useNow(5_000)` in the row's label, not in the page), so a tick re-renders those labels only, all of them
 * in one render: on a phone, re-rendering the whole inspector every 5 s for its "12 s ago" labels was a long
 * task each time, and the page was never idle.
 */
interface Clock {
  now: number;
  listeners: Set<() => void>;
  timer: ReturnType<typeof setInterval> | undefined;
  /** Stable, so React keeps one subscription per component across renders. */
  subscribe: (listener: () => void) => () => void;
  read: () => number;
}

const clocks = new Map<number, Clock>();

function clockOf(intervalMs: number): Clock {
  const existing = clocks.get(intervalMs);
  if (existing) return existing;
  const clock: Clock = {
    now: Date.now(),
    listeners: new Set(),
    timer: undefined,
    subscribe: (listener) => {
      clock.listeners.add(listener);
      clock.timer ??= setInterval(() => {
        clock.now = Date.now();
        for (const notify of clock.listeners) notify();
      }, intervalMs);
      return () => {
        clock.listeners.delete(listener);
        if (clock.listeners.size > 0) return;
        clearInterval(clock.timer);
        clock.timer = undefined;
      };
    },
    read: () => {
      // A clock nobody watched has not ticked (or the system clock was set back): its next reader starts
      // from the present.
      if (!clock.timer && Math.abs(Date.now() - clock.now) >= intervalMs) clock.now = Date.now();
      return clock.now;
    },
  };
  clocks.set(intervalMs, clock);
  return clock;
}

/** The current time, re-read every `intervalMs`, for "2 minutes ago" and countdowns. */
export function useNow(intervalMs: number): number {
  const clock = clockOf(intervalMs);
  return useSyncExternalStore(clock.subscribe, clock.read, clock.read);
}
