/**
 * Waits `ms`, or less if `signal` aborts; resolves either way (never rejects) and leaves no listener behind.
 * Shared by the upstream client's backoff, the webhook sender's backoff and the simulator's hangs and latency.
 */
export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}
