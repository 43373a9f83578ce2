import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { members } from "./members";
import { webhookDeliveries } from "./webhooks";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A listener's session (`project-console listen --session NAME`): per member, credential (an access token's
 * id, or "" for a browser session) and name. It keeps the acknowledged cursor, a position in the delivery
 * order (seq, id; lib/webhooks/cursor.ts), so a listener that comes back resumes after the last delivery it
 * acknowledged; and when it was last seen connected, for presence.
 */
export const listenSessions = pgTable(
  "listen_sessions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    /** The access token's id, or "" when the listener signed in with a browser session. */
    credential: text("credential").notNull(),
    /** Shown with the forwards; kept here so a revoked token's forwards still say which it was. */
    tokenName: text("token_name"),
    name: text("name").notNull(),
    ackSeq: bigint("ack_seq", { mode: "bigint" }).notNull(),
    ackId: bigint("ack_id", { mode: "number" }).notNull(),
    /** What the last connection listened to: endpoint ids (empty: all) and event globs (empty: all). */
    endpointIds: jsonb("endpoint_ids").$type<string[]>().notNull().default([]),
    events: jsonb("events").$type<string[]>().notNull().default([]),
    connectedAt: timestamp("connected_at", { withTimezone: true }),
    /** Refreshed by every instance holding a connection of this session (one statement per instance). */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
    disconnectedAt: timestamp("disconnected_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("listen_sessions_key_idx").on(t.memberId, t.credential, t.name),
    index("listen_sessions_seen_idx").on(t.lastSeenAt),
  ],
);

/** Each answer of a listener's local handler to a forwarded delivery, as the listener reported it. */
export const deliveryForwards = pgTable(
  "delivery_forwards",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: bigint("delivery_id", { mode: "number" })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    sessionId: bigint("session_id", { mode: "number" })
      .notNull()
      .references(() => listenSessions.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    attempt: integer("attempt").notNull(),
    status: integer("status"),
    headers: jsonb("headers").$type<[string, string][]>(),
    /** The first 64 KiB of the local answer's body, exact bytes. */
    bodyHead: bytea("body_head"),
    durationMs: integer("duration_ms").notNull(),
    error: text("error"),
    final: boolean("final").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index("delivery_forwards_delivery_idx").on(t.deliveryId, t.id)],
);
