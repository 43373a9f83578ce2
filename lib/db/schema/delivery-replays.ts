import { bigint, boolean, index, pgTable, timestamp } from "drizzle-orm/pg-core";
import { webhookDeliveries } from "./webhooks";

/**
 * Which delivery a replay to this console's own receiver stored, and the delivery it replayed: the inspector
 * links the two both ways, and the signature diagnosis tests the original's body when a kept signature fails
 * ("the body changed"). Written by the replay itself from the receiver's answer, never from a header a sender
 * could forge. Either delivery deleted, the link goes with it.
 */
export const webhookDeliveryReplays = pgTable(
  "webhook_delivery_replays",
  {
    deliveryId: bigint("delivery_id", { mode: "number" })
      .primaryKey()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    originalId: bigint("original_id", { mode: "number" })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    /** The body or headers were edited before sending. */
    edited: boolean("edited").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("webhook_delivery_replays_original_idx").on(table.originalId)],
);
