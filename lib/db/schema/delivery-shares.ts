import { bigint, boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { members } from "./members";
import { webhookDeliveries } from "./webhooks";

/**
 * Read-only links to one delivery (lib/webhooks/server/share/): anyone holding the link sees the delivery with
 * the redactions chosen here, until `expiresAt` or `revokedAt`. Only the link token's SHA-256 is kept
 * (`tokenHash`, hashed as access tokens are), so a copy of the database opens no link. The share goes with
 * its delivery (cascade); a removed member's links stay until they expire, as links already handed out.
 */
export const deliveryShares = pgTable(
  "delivery_shares",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    deliveryId: bigint("delivery_id", { mode: "number" })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdBy: uuid("created_by").references(() => members.id, { onDelete: "set null" }),
    /** Who made it, as shown in the delivery's list of links (kept when the member is removed). */
    createdByEmail: text("created_by_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** Signature and credential headers shown as the mask (the default). */
    maskSignatures: boolean("mask_signatures").notNull().default(true),
    /** Dotted JSON paths masked in the body (`data.client.email`, `data.items.*.email`). */
    maskedPaths: text("masked_paths").array().notNull(),
    /** The whole body hidden (the choice offered when the body is not JSON). */
    maskBody: boolean("mask_body").notNull().default(false),
  },
  (table) => [index("delivery_shares_delivery_id").on(table.deliveryId)],
);
