import { bigserial, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { members } from "./members";

/**
 * Settings → Connection (lib/connection): what the console recorded about its calls to the service and the
 * API key an admin saved in the console. Times are the database's clock, so instances agree.
 */

/**
 * Every call made to the service (each retry and each key test included), written by lib/upstream's one call
 * site and trimmed to the newest CALL_LOG_SIZE rows. Never the key: its last four characters at most.
 */
export const upstreamCallLog = pgTable("upstream_call_log", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  calledAt: timestamp("called_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  /** The HTTP status, or null when no answer came (unreachable, timed out). */
  status: integer("status"),
  /** `ok`, or the upstream error code the call ended with (`upstream_unreachable`, …). */
  outcome: text("outcome").notNull(),
  durationMs: integer("duration_ms").notNull(),
  /** Bytes of the answer's body; null when none came. */
  bytes: integer("bytes"),
  /** The answer's Retry-After header, verbatim (shortened). */
  retryAfter: text("retry_after"),
  /** Why the call was made: `scheduled` (a refresh after the TTL), `member` (the Refresh button), `key_test`. */
  reason: text("reason").notNull(),
  /** Which server instance made it (host and process). */
  instance: text("instance").notNull(),
  /** The last four characters of the key presented, so a rotation is visible in the log. */
  keyLastFour: text("key_last_four"),
});

/**
 * The API key saved in the console: one row (`id` = "current"), absent or with a null ciphertext when the
 * environment's key (PROJECTS_API_KEY) applies. `version` grows with every change: an instance holding a
 * decrypted copy compares it before each call to the service (lib/connection/key-store.ts).
 */
export const upstreamKey = pgTable("upstream_key", {
  id: text("id").primaryKey(),
  /** AES-256-GCM (lib/webhooks/server/secret-box.ts), with the row id as associated data. */
  ciphertext: text("ciphertext"),
  lastFour: text("last_four"),
  version: integer("version").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/** Every change of the key: who, when, what (saved, or back to the environment's), its last four. */
export const upstreamKeyChanges = pgTable("upstream_key_changes", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  changedAt: timestamp("changed_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  memberId: uuid("member_id").references(() => members.id, { onDelete: "set null" }),
  /** Kept as it was, so the history outlives a removed member. */
  memberEmail: text("member_email").notNull(),
  /** `saved` (a key set or rotated in the console) or `environment` (back to PROJECTS_API_KEY). */
  action: text("action").notNull(),
  lastFour: text("last_four"),
});
