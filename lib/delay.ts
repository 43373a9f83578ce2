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

/**
 * What `work` resolves to if it settles within `ms`, else null (the work itself goes on; its rejection is the
 * caller's to handle). The deadline's timer is cleared as soon as either side wins.
 */
export async function resultWithin<T>(work: Promise<T>, ms: number): Promise<T | null> {
  const settled = new AbortController();
  try {
    return await Promise.race([work, delay(ms, settled.signal).then(() => null)]);
  } finally {
    settled.abort();
  }
}
