import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { AlertNotificationPayload } from "@/lib/alerts/notification";

/**
 * The alerts outbox: every notification an alert issue produces (opened, grew, resolved, a channel's test) is
 * written here first, in the same transaction as the issue change that caused it, and sent from here to every
 * enabled channel. Instances race for a row with a lease (`leaseOwner` + `leaseUntil`, taken by one atomic
 * UPDATE), so one instance sends each notification once; a crashed instance's lease runs out and another
 * instance takes the row. `dispatchedAt` is set when every channel has either taken it or given up.
 */
export const alertNotifications = pgTable(
  "alert_notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    payload: jsonb("payload").$type<AlertNotificationPayload>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    leaseOwner: text("lease_owner"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    dispatchedAt: timestamp("dispatched_at", { withTimezone: true }),
  },
  (t) => [index("alert_notifications_pending_idx").on(t.dispatchedAt, t.createdAt)],
);
