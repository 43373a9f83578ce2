/**
 * The spec's limit: 60 requests per minute per API key, over 429 with `Retry-After` in seconds. Implemented
 * as a rolling 60-second window (a request at time t counts while now - t < 60 s), the strictest reading.
 * Whether rejected requests count against the window is not shown in the spec: `countRejected` switches it
 * (default false: a client that waits Retry-After seconds is always let in).
 */
export const WINDOW_MS = 60_000;

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class RateLimiter {
  private readonly windows = new Map<string, number[]>();

  constructor(private readonly settings: () => { limit: number; countRejected: boolean }) {}

  check(key: string, now: number): RateDecision {
    const { limit, countRejected } = this.settings();
    const window = this.prune(key, now);
    if (window.length < limit) {
      window.push(now);
      return { allowed: true };
    }
    if (countRejected) window.push(now);
    // The next request is let in once only limit-1 counted requests remain in the window, i.e. when the
    // request at index (length - limit) leaves it.
    const freesAt = (window[window.length - limit] as number) + WINDOW_MS;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freesAt - now) / 1000)) };
  }

  reset(): void {
    this.windows.clear();
  }

  private prune(key: string, now: number): number[] {
    let window = this.windows.get(key);
    if (!window) {
      window = [];
      this.windows.set(key, window);
    }
    let expired = 0;
    while (expired < window.length && (window[expired] as number) <= now - WINDOW_MS) expired++;
    if (expired > 0) window.splice(0, expired);
    return window;
  }
}
