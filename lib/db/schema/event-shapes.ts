import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { webhookEndpoints } from "./webhooks";

/**
 * The inferred shape of each event's `data`, per endpoint, kept up to date one delivery at a time
 * (lib/webhooks/server/event-shapes/, lib/webhooks/shared/event-shapes/). Never rebuilt from the stored bodies, so its cost does not grow with them;
 * deleting deliveries (retention, a member) leaves it as it is: it describes what was received. Clearing an
 * endpoint's deliveries starts it over.
 */
export const webhookEventShapes = pgTable(
  "webhook_event_shapes",
  {
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    /** Deliveries of this event seen (first attempts only); also the ordinal of the latest one. */
    deliveries: integer("deliveries").notNull(),
    firstSeen: timestamp("first_seen", { withTimezone: true, precision: 3 }).notNull(),
    lastSeen: timestamp("last_seen", { withTimezone: true, precision: 3 }).notNull(),
    /** Observations not kept because the event already had the most fields it may hold. */
    droppedFields: bigint("dropped_fields", { mode: "number" }).notNull().default(0),
    /** Deliveries whose payload was larger than the walk looks at (nodes, depth or array elements). */
    truncatedDeliveries: integer("truncated_deliveries").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.endpointId, t.event] })],
);

/** One row per field path and kind of value seen there (`string`, `string:date-time`, `integer`, …). */
export const webhookEventFields = pgTable(
  "webhook_event_fields",
  {
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    /** `""` for `data` itself, `.title`, `.items[]`, `.items[].id`, `["odd key"]`. */
    path: text("path").notNull(),
    kind: text("kind").notNull(),
    /** Occurrences (an array's elements each count), so optional fields inside arrays are told apart. */
    count: bigint("count", { mode: "number" }).notNull(),
    firstSeen: timestamp("first_seen", { withTimezone: true, precision: 3 }).notNull(),
    lastSeen: timestamp("last_seen", { withTimezone: true, precision: 3 }).notNull(),
    /** The event's delivery ordinal when first and last seen: "no longer sent" and "new since". */
    firstDelivery: integer("first_delivery").notNull(),
    lastDelivery: integer("last_delivery").notNull(),
    /** Up to a few distinct example values, as JSON text cut short. */
    examples: jsonb("examples").$type<string[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.endpointId, t.event, t.path, t.kind] })],
);
