import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { AlertNotificationPayload } from "@/lib/alerts/notification";
import { alertChannels, alertChannelSends, alertNotifications } from "@/lib/db/schema";
import { checkTarget } from "@/lib/http/ssrf-guard";
import { WHSEC_PREFIX } from "@/lib/signing";
import type { ChannelContext } from "./context";
import { deliverNotification } from "./dispatch";
import type { ChannelView, CreateChannelInput, UpdateChannelInput } from "./schemas";

/**
 * Alert channels: made, changed and removed by admins (the routes check), read by every member. Secrets go
 * in sealed and never come out: a view carries `secretHint` only.
 */

type Channel = typeof alertChannels.$inferSelect;

const RECENT_SENDS = 5;

/** "hooks.slack.com …a1b2": which URL it is, to its owner; nothing anyone could send with. */
export function urlHint(url: string): string {
  const host = URL.canParse(url) ? new URL(url).host : "";
  return `${host} …${url.slice(-4)}`;
}

function secretHintOf(secret: string): string {
  return `${WHSEC_PREFIX}…${secret.slice(-4)}`;
}

/** The guard's refusal at save time, in the same words a send would fail with. */
async function requireAllowedUrl(context: ChannelContext, url: string): Promise<void> {
  const decision = await checkTarget(url, context.policy);
  if (!decision.allowed) throw new ApiError("alert_channel_target_refused", decision.reason);
}

async function findChannel(context: ChannelContext, id: string): Promise<Channel> {
  const [channel] = await context.db.select().from(alertChannels).where(eq(alertChannels.id, id));
  if (!channel) throw new ApiError("not_found", "No alert channel has this id.");
  return channel;
}

export async function listChannels(context: ChannelContext): Promise<ChannelView[]> {
  const channels = await context.db.select().from(alertChannels).orderBy(alertChannels.createdAt);
  return Promise.all(channels.map((channel) => viewOf(context, channel)));
}

export async function getChannel(context: ChannelContext, id: string): Promise<ChannelView> {
  return viewOf(context, await findChannel(context, id));
}

async function viewOf(context: ChannelContext, channel: Channel): Promise<ChannelView> {
  const sends = await context.db
    .select({
      notificationId: alertChannelSends.notificationId,
      payload: alertNotifications.payload,
      status: alertChannelSends.status,
      attempts: alertChannelSends.attempts,
      lastAttemptAt: alertChannelSends.lastAttemptAt,
      nextAttemptAt: alertChannelSends.nextAttemptAt,
      lastError: alertChannelSends.lastError,
    })
    .from(alertChannelSends)
    .innerJoin(alertNotifications, eq(alertNotifications.id, alertChannelSends.notificationId))
    .where(eq(alertChannelSends.channelId, channel.id))
    .orderBy(desc(alertNotifications.createdAt))
    .limit(RECENT_SENDS);
  const latest = sends[0];
  return {
    id: channel.id,
    kind: channel.kind,
    name: channel.name,
    enabled: channel.enabled,
    target: channel.target,
    secretHint: channel.secretHint,
    createdAt: channel.createdAt.toISOString(),
    lastSuccessAt: channel.lastSuccessAt?.toISOString() ?? null,
    lastFailureAt: channel.lastFailureAt?.toISOString() ?? null,
    lastError: channel.lastError,
    failing: Boolean(latest && latest.lastError && latest.status !== "sent"),
    recentSends: sends.map((send) => ({
      notificationId: send.notificationId,
      kind: send.payload.kind,
      title: send.payload.title,
      status: send.status,
      attempts: send.attempts,
      lastAttemptAt: send.lastAttemptAt?.toISOString() ?? null,
      nextAttemptAt: send.status === "pending" ? send.nextAttemptAt.toISOString() : null,
      lastError: send.lastError,
    })),
  };
}

/** A new channel; a signed webhook without a secret gets one, answered here only. */
export async function createChannel(
  context: ChannelContext,
  input: CreateChannelInput,
): Promise<{ channel: ChannelView; secret: string | null }> {
  const id = randomUUID();
  let row: typeof alertChannels.$inferInsert;
  let madeSecret: string | null = null;
  switch (input.kind) {
    case "slack":
      await requireAllowedUrl(context, input.url);
      row = {
        id,
        kind: "slack",
        name: input.name,
        target: null,
        secretCiphertext: context.box.encrypt(input.url, id),
        secretHint: urlHint(input.url),
      };
      break;
    case "webhook": {
      await requireAllowedUrl(context, input.url);
      const secret = input.secret ?? `${WHSEC_PREFIX}${randomBytes(24).toString("base64")}`;
      if (!input.secret) madeSecret = secret;
      row = {
        id,
        kind: "webhook",
        name: input.name,
        target: input.url,
        secretCiphertext: context.box.encrypt(secret, id),
        secretHint: secretHintOf(secret),
      };
      break;
    }
    case "email":
      row = { id, kind: "email", name: input.name, target: input.recipients.join(", ") };
      break;
  }
  await context.db.insert(alertChannels).values(row);
  return { channel: await getChannel(context, id), secret: madeSecret };
}

export async function updateChannel(
  context: ChannelContext,
  id: string,
  input: UpdateChannelInput,
): Promise<ChannelView> {
  const channel = await findChannel(context, id);
  const change: Partial<typeof alertChannels.$inferInsert> = { updatedAt: context.now() };
  if (input.name !== undefined) change.name = input.name;
  if (input.enabled !== undefined) change.enabled = input.enabled;
  const misfit = (field: string) =>
    new ApiError("invalid_body", `A ${channel.kind} channel has no ${field}.`);
  if (input.url !== undefined) {
    if (channel.kind === "email") throw misfit("URL");
    await requireAllowedUrl(context, input.url);
    if (channel.kind === "slack") {
      change.secretCiphertext = context.box.encrypt(input.url, id);
      change.secretHint = urlHint(input.url);
    } else change.target = input.url;
  }
  if (input.secret !== undefined) {
    if (channel.kind !== "webhook") throw misfit("signing secret");
    change.secretCiphertext = context.box.encrypt(input.secret, id);
    change.secretHint = secretHintOf(input.secret);
  }
  if (input.recipients !== undefined) {
    if (channel.kind !== "email") throw misfit("recipients");
    change.target = input.recipients.join(", ");
  }
  await context.db.update(alertChannels).set(change).where(eq(alertChannels.id, id));
  return getChannel(context, id);
}

/** The channel and its send records; notifications stay for the other channels. */
export async function deleteChannel(context: ChannelContext, id: string): Promise<void> {
  const removed = await context.db
    .delete(alertChannels)
    .where(eq(alertChannels.id, id))
    .returning({ id: alertChannels.id });
  if (removed.length === 0) throw new ApiError("not_found", "No alert channel has this id.");
}

/**
 * "Send a test": a `test` notification in the outbox addressed to this channel alone (its one send row),
 * tried now; a failed first try is retried by the dispatcher like any send.
 */
export async function sendChannelTest(
  context: ChannelContext,
  id: string,
  consoleOrigin: string | null,
): Promise<{ channel: ChannelView; status: "pending" | "sent" | "failed"; error: string | null }> {
  const channel = await findChannel(context, id);
  if (!channel.enabled) {
    throw new ApiError("invalid_body", "This channel is disabled: enable it to send a test.");
  }
  const now = context.now();
  const owner = randomUUID();
  const payload: AlertNotificationPayload = {
    kind: "test",
    issueId: null,
    rule: null,
    endpointId: null,
    endpointName: null,
    title: `Test from Project Console to “${channel.name}”`,
    detail: "If you can read this, alerts reach this channel.",
    link: consoleOrigin ? `${consoleOrigin}/alerts/channels` : null,
    occurredAt: now.toISOString(),
  };
  const [notification] = await context.db
    .insert(alertNotifications)
    .values({ payload, leaseOwner: owner, leaseUntil: new Date(now.getTime() + 60_000) })
    .returning({ id: alertNotifications.id, payload: alertNotifications.payload });
  await context.db
    .insert(alertChannelSends)
    .values({ notificationId: notification!.id, channelId: id, nextAttemptAt: now });
  await deliverNotification(context, owner, notification!);
  const [send] = await context.db
    .select({ status: alertChannelSends.status, lastError: alertChannelSends.lastError })
    .from(alertChannelSends)
    .where(
      and(
        eq(alertChannelSends.notificationId, notification!.id),
        eq(alertChannelSends.channelId, id),
      ),
    );
  return {
    channel: await getChannel(context, id),
    status: send?.status ?? "failed",
    error: send?.lastError ?? null,
  };
}
