import "server-only";
import { dispatchAlertNotifications } from "./dispatch";

/**
 * Off Vercel, sends what fell due in the alerts outbox (retries, rows an instance left behind) on a timer.
 * On Vercel the cron route calls dispatchAlertNotifications instead. Every instance may run it: the leases
 * make each send happen once (dispatch.ts).
 */
export const ALERT_DISPATCH_EVERY_MS = 15_000;

export function startAlertDispatchTimer(): void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await dispatchAlertNotifications();
    } catch (error) {
      // Names the failure's class only: a message could quote a channel's answer or a statement.
      console.error(
        "[alerts] dispatch failed:",
        error instanceof Error ? error.name : "unknown error",
      );
    } finally {
      running = false;
    }
  };
  setInterval(() => void tick(), ALERT_DISPATCH_EVERY_MS).unref();
}
