import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { AlertChannelKind } from "@/lib/alerts/channels/kinds";
import { alertNotifications } from "./alerts";

/**
 * Where alerts go: a Slack-compatible incoming webhook, a Standard Webhooks endpoint or email recipients.
 * What is secret (a Slack webhook URL, a signing secret) is kept only in `secretCiphertext`, sealed by the
 * secret box with the channel id as associated data; `secretHint` (host + last 4) is all a browser sees.
 * `lastSuccessAt` / `lastFailureAt` / `lastError` say on the channel how its sends go.
 */
export const alertChannels = pgTable("alert_channels", {
  id: uuid("id").primaryKey().defaultRandom(),
  kind: text("kind").$type<AlertChannelKind>().notNull(),
  name: text("name").notNull(),
  enabled: boolean("enabled").notNull().default(true),
  /** Not secret: the signed webhook's URL, or the email recipients (comma-separated). Null for Slack. */
  target: text("target"),
  secretCiphertext: text("secret_ciphertext"),
  secretHint: text("secret_hint"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  lastFailureAt: timestamp("last_failure_at", { withTimezone: true }),
  lastError: text("last_error"),
});

/**
 * One notification to one channel: created once (the unique key is what makes a notification reach a
 * channel once however many instances dispatch), then tried up to ALERT_SEND_ATTEMPTS times. Each try is
 * claimed by bumping `attempts` from the value seen, so two instances never both send the same try.
 */
export const alertChannelSends = pgTable(
  "alert_channel_sends",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    notificationId: uuid("notification_id")
      .notNull()
      .references(() => alertNotifications.id, { onDelete: "cascade" }),
    channelId: uuid("channel_id")
      .notNull()
      .references(() => alertChannels.id, { onDelete: "cascade" }),
    /** pending (a try is due at `nextAttemptAt`), sent, or failed (every try failed). */
    status: text("status").$type<"pending" | "sent" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("alert_channel_sends_once").on(t.notificationId, t.channelId),
    index("alert_channel_sends_channel_idx").on(t.channelId, t.lastAttemptAt),
  ],
);
