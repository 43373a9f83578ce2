/**
 * The one place the rules engine hands over to the channels: called after a transaction that wrote
 * notifications to the outbox (alert_notifications) has committed, on the instance that wrote them.
 *
 * It will call `dispatchAlertNotifications()` (lib/alerts/channels/dispatch.ts, built on the channels
 * branch), which claims outbox rows with a lease and sends them to every enabled channel with retries; the
 * scheduled evaluation (lib/alerts/evaluate/scheduled.ts) also runs it, so a row left behind by a crash is
 * sent by the next run. Until the channels land, the rows wait in the outbox: nothing is lost.
 * The lead wires the call at merge.
 */
export function afterNotificationsWritten(): void {
  // dispatchAlertNotifications() goes here (not awaited by callers that must not wait on a channel).
}
