import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * What the service was seen doing where the spec says "not shown" (lib/upstream/observed): one row per
 * (service, kind, value), e.g. ("status", "on_hold") or ("field_null", "town"), upserted by one statement
 * per answer. `service` names the base URL (a hash), not the key: these are facts about the service.
 * All times are the database's clock.
 */
export const upstreamObservedFacts = pgTable(
  "upstream_observed_facts",
  {
    service: text("service").notNull(),
    kind: text("kind").notNull(),
    value: text("value").notNull(),
    /** The latest example (a header's value, an element's timestamp, "34 of 500 elements"): never a secret. */
    sample: text("sample"),
    /** How many answers showed it. */
    count: integer("count").notNull(),
    /** For numeric facts (a list's length): the smallest and largest seen. */
    minNumber: bigint("min_number", { mode: "number" }),
    maxNumber: bigint("max_number", { mode: "number" }),
    firstSeen: timestamp("first_seen", { withTimezone: true }).notNull(),
    lastSeen: timestamp("last_seen", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.service, t.kind, t.value] })],
);

/**
 * The announced read endpoints (spec section 4, "in development"), watched once a day: one row per
 * (service, endpoint), with what the last check saw and, once one answered 2xx, since when and the shape of
 * that first answer.
 */
export const upstreamAnnouncedEndpoints = pgTable(
  "upstream_announced_endpoints",
  {
    service: text("service").notNull(),
    /** e.g. `GET /projects/:id` (lib/upstream/observed/announced.ts ANNOUNCED_READS). */
    endpoint: text("endpoint").notNull(),
    /** available | not_available | failed */
    state: text("state").notNull(),
    lastStatus: integer("last_status"),
    /** What the last check saw, in words ("answered 200 but not JSON (text/html, 1.2 KB)"). */
    lastNote: text("last_note"),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }).notNull(),
    availableSince: timestamp("available_since", { withTimezone: true }),
    /** The first 2xx answer: its observations (lib/webhooks/shared/event-shapes/observe.ts) or a note. */
    firstAnswer: jsonb("first_answer"),
    checks: integer("checks").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.service, t.endpoint] })],
);

/**
 * One row per service: when the watch is next due and the lease of the instance running it, so that of
 * many instances (and the cron route beside the timer) one checks.
 */
export const upstreamAnnouncedWatch = pgTable("upstream_announced_watch", {
  service: text("service").primaryKey(),
  nextDueAt: timestamp("next_due_at", { withTimezone: true }),
  lastRunAt: timestamp("last_run_at", { withTimezone: true }),
  /** Why the last run stopped early, in words (budget tight, Retry-After, no known project id). */
  lastOutcome: text("last_outcome"),
  leaseHolder: text("lease_holder"),
  leaseUntil: timestamp("lease_until", { withTimezone: true }),
});
