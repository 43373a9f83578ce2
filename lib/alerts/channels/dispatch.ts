import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { AlertNotificationPayload } from "@/lib/alerts/notification";
import { alertChannels, alertChannelSends, alertNotifications } from "@/lib/db/schema";
import { channelContext, type ChannelContext } from "./context";
import { sendToChannel } from "./send";

/**
 * The alerts outbox's sender. The rules engine writes a notification into `alert_notifications` and calls
 * dispatchAlertNotifications(); the cron route and the off-Vercel timer call it too, which is what sends the
 * retries that fell due and takes over rows an instance left behind (it crashed mid-send: its lease ran out).
 *
 * Once per (notification, channel), however many instances call this at once:
 * 1. a notification is claimed with a lease by one atomic UPDATE … RETURNING over rows picked
 *    FOR UPDATE SKIP LOCKED (PostgreSQL: a row another instance is claiming is skipped, not claimed twice;
 *    PGlite runs one statement at a time);
 * 2. its send to each enabled channel is one row of `alert_channel_sends`, unique per (notification,
 *    channel): inserted once, whoever inserts it;
 * 3. each try is claimed by bumping that row's `attempts` from the value read: of two instances that both
 *    read it, one updates a row and sends; the other updates none and sends nothing.
 * A failed try is tried again after ALERT_RETRY_DELAYS_MS (ALERT_SEND_ATTEMPTS tries in all): the
 * notification's lease is set to run out when the next try is due, so whichever instance dispatches then
 * takes it. `dispatchedAt` is set once every send has been sent or has failed its last try.
 */

/** Tries per send: now, then after each delay. */
export const ALERT_RETRY_DELAYS_MS = [30_000, 120_000] as const;
export const ALERT_SEND_ATTEMPTS = ALERT_RETRY_DELAYS_MS.length + 1;
/** Longer than every channel of a notification takes (they are sent in parallel, each bounded). */
const LEASE_MS = 5 * 60_000;
const CLAIM_BATCH = 20;

export interface DispatchResult {
  /** Notifications this call took. */
  claimed: number;
  /** Tries this call made, and how they went. */
  sent: number;
  failed: number;
  /** Sends left for a later try. */
  retrying: number;
}

type Channel = typeof alertChannels.$inferSelect;

/** Sends what is due in the outbox; safe to call from any number of instances at once. */
export async function dispatchAlertNotifications(given?: ChannelContext): Promise<DispatchResult> {
  const context = given ?? (await channelContext());
  const owner = randomUUID();
  const result: DispatchResult = { claimed: 0, sent: 0, failed: 0, retrying: 0 };
  for (;;) {
    const claimed = await claimNotifications(context, owner);
    if (claimed.length === 0) return result;
    result.claimed += claimed.length;
    for (const notification of claimed) {
      await deliverNotification(context, owner, notification, result);
    }
  }
}

async function claimNotifications(
  context: ChannelContext,
  owner: string,
): Promise<{ id: string; payload: AlertNotificationPayload }[]> {
  const now = context.now();
  const due = context.db
    .select({ id: alertNotifications.id })
    .from(alertNotifications)
    .where(
      and(
        isNull(alertNotifications.dispatchedAt),
        or(isNull(alertNotifications.leaseUntil), lte(alertNotifications.leaseUntil, now)),
      ),
    )
    .orderBy(asc(alertNotifications.createdAt))
    .limit(CLAIM_BATCH)
    .for("update", { skipLocked: true });
  return context.db
    .update(alertNotifications)
    .set({ leaseOwner: owner, leaseUntil: new Date(now.getTime() + LEASE_MS) })
    .where(inArray(alertNotifications.id, due))
    .returning({ id: alertNotifications.id, payload: alertNotifications.payload });
}

/**
 * Every due send of one claimed notification, then its lease handed on: released until the next retry is
 * due, or the notification marked dispatched. A test notification goes only to the channel whose send row
 * was written with it (sendChannelTest); any other to every enabled channel.
 */
export async function deliverNotification(
  context: ChannelContext,
  owner: string,
  notification: { id: string; payload: AlertNotificationPayload },
  result: DispatchResult = { claimed: 0, sent: 0, failed: 0, retrying: 0 },
): Promise<void> {
  const { db } = context;
  const channels = await db.select().from(alertChannels);
  if (notification.payload.kind !== "test") {
    const enabled = channels.filter((channel) => channel.enabled);
    if (enabled.length > 0) {
      await db
        .insert(alertChannelSends)
        .values(
          enabled.map((channel) => ({
            notificationId: notification.id,
            channelId: channel.id,
            nextAttemptAt: context.now(),
          })),
        )
        .onConflictDoNothing();
    }
  }
  const sends = await db
    .select()
    .from(alertChannelSends)
    .where(
      and(
        eq(alertChannelSends.notificationId, notification.id),
        eq(alertChannelSends.status, "pending"),
      ),
    );
  const byId = new Map(channels.map((channel) => [channel.id, channel]));
  await Promise.all(
    sends.map((send) => trySend(context, send, byId.get(send.channelId), notification, result)),
  );

  const pending = await db
    .select({ next: sql<string | null>`min(${alertChannelSends.nextAttemptAt})` })
    .from(alertChannelSends)
    .where(
      and(
        eq(alertChannelSends.notificationId, notification.id),
        eq(alertChannelSends.status, "pending"),
      ),
    );
  const next = pending[0]?.next ? new Date(pending[0].next) : null;
  await db
    .update(alertNotifications)
    .set(
      next
        ? { leaseOwner: null, leaseUntil: next }
        : { leaseOwner: null, leaseUntil: null, dispatchedAt: context.now() },
    )
    .where(
      and(eq(alertNotifications.id, notification.id), eq(alertNotifications.leaseOwner, owner)),
    );
}

async function trySend(
  context: ChannelContext,
  send: typeof alertChannelSends.$inferSelect,
  channel: Channel | undefined,
  notification: { id: string; payload: AlertNotificationPayload },
  result: DispatchResult,
): Promise<void> {
  const { db } = context;
  const now = context.now();
  if (send.nextAttemptAt.getTime() > now.getTime()) {
    result.retrying += 1;
    return;
  }
  if (!channel?.enabled) {
    await db
      .update(alertChannelSends)
      .set({ status: "failed", lastError: "The channel was disabled before this was sent." })
      .where(eq(alertChannelSends.id, send.id));
    return;
  }
  const [claimed] = await db
    .update(alertChannelSends)
    .set({ attempts: send.attempts + 1, lastAttemptAt: now })
    .where(
      and(
        eq(alertChannelSends.id, send.id),
        eq(alertChannelSends.attempts, send.attempts),
        eq(alertChannelSends.status, "pending"),
      ),
    )
    .returning({ attempts: alertChannelSends.attempts });
  if (!claimed) return; // another instance took this try
  const outcome = await sendToChannel(context, channel, notification.id, notification.payload);
  const doneAt = context.now();
  if (outcome.ok) {
    result.sent += 1;
    await db
      .update(alertChannelSends)
      .set({ status: "sent", sentAt: doneAt, lastError: null })
      .where(eq(alertChannelSends.id, send.id));
    await db
      .update(alertChannels)
      .set({ lastSuccessAt: doneAt })
      .where(eq(alertChannels.id, channel.id));
    return;
  }
  result.failed += 1;
  const delay = ALERT_RETRY_DELAYS_MS[claimed.attempts - 1];
  if (delay === undefined) {
    await db
      .update(alertChannelSends)
      .set({ status: "failed", lastError: outcome.error })
      .where(eq(alertChannelSends.id, send.id));
  } else {
    result.retrying += 1;
    await db
      .update(alertChannelSends)
      .set({ nextAttemptAt: new Date(doneAt.getTime() + delay), lastError: outcome.error })
      .where(eq(alertChannelSends.id, send.id));
  }
  await db
    .update(alertChannels)
    .set({ lastFailureAt: doneAt, lastError: outcome.error })
    .where(eq(alertChannels.id, channel.id));
}
