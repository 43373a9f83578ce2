/**
 * A job on a timer in this server process (off Vercel, where no cron calls its route): first after
 * `firstAfterMs`, then every `everyMs`. The timer never keeps the process alive, a tick is skipped while the
 * previous one still runs, and a run that fails is logged under `name` and tried again at the next tick.
 */
export function startProcessTimer(
  name: string,
  { firstAfterMs, everyMs }: { firstAfterMs: number; everyMs: number },
  run: () => Promise<unknown>,
): void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await run();
    } catch (error) {
      console.error(`[${name}] failed:`, error instanceof Error ? error.message : error);
    } finally {
      running = false;
    }
  };
  setTimeout(() => void tick(), firstAfterMs).unref();
  setInterval(() => void tick(), everyMs).unref();
}
