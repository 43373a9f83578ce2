import { WINDOW_MS } from "./rate-limiter";

/**
 * Every API request received, per key (`(none)` when no key was sent), whatever its answer, including 429s:
 * the proof of a client's rate discipline. `maxInAnyWindow` is the most requests of one key within any
 * rolling 60 seconds.
 */
export const NO_KEY = "(none)";

export interface KeyStats {
  total: number;
  perMinute: Record<string, number>;
}

export interface StatsSnapshot {
  total: number;
  byKey: Record<string, KeyStats>;
  maxInAnyWindow: Record<string, number>;
}

function minuteOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16) + "Z";
}

export function maxInWindow(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while ((sorted[end] as number) - (sorted[start] as number) >= WINDOW_MS) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

export class RequestStats {
  private readonly times = new Map<string, number[]>();

  record(key: string | undefined, now: number): void {
    const id = key ?? NO_KEY;
    const list = this.times.get(id) ?? [];
    list.push(now);
    this.times.set(id, list);
  }

  snapshot(): StatsSnapshot {
    const byKey: Record<string, KeyStats> = {};
    const maxInAnyWindow: Record<string, number> = {};
    let total = 0;
    for (const [key, list] of this.times) {
      const perMinute: Record<string, number> = {};
      for (const time of list) {
        const minute = minuteOf(time);
        perMinute[minute] = (perMinute[minute] ?? 0) + 1;
      }
      byKey[key] = { total: list.length, perMinute };
      maxInAnyWindow[key] = maxInWindow(list);
      total += list.length;
    }
    return { total, byKey, maxInAnyWindow };
  }

  reset(): void {
    this.times.clear();
  }
}
