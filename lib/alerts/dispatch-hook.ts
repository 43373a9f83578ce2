import type { Db } from "@/lib/db/connect";
import { safeErrorSummary } from "@/lib/db/errors";
import { dispatchAlertNotifications } from "@/lib/alerts/channels/dispatch";
import { channelContextOn } from "@/lib/alerts/channels/context";

/**
 * The one place the rules engine hands over to the channels: called after a transaction that wrote
 * notifications to the outbox (alert_notifications) has committed, on the instance that wrote them, with
 * the database it wrote to. Not awaited: a delivery's after-answer work and the scheduled run never wait on
 * a channel. A failure here loses nothing: the rows stay in the outbox and the dispatch timer (off Vercel)
 * or the cron route (on Vercel) sends them.
 */
export function afterNotificationsWritten(db: Db): void {
  // Inside the async function, so that a configuration error (reading the channels' settings) is caught too.
  void (async () => dispatchAlertNotifications(channelContextOn(db)))().catch((error: unknown) => {
    console.error(
      `[alerts] notifications left in the outbox for the next run: ${safeErrorSummary(error)}`,
    );
  });
}
