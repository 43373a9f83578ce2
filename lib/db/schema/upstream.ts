import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { bytea } from "./webhooks";

/**
 * What every server instance must agree on about the service (lib/upstream): the last good projects snapshot,
 * the outcome of the latest refresh, a pending Retry-After, and the single-flight lease. One row per source
 * (a fingerprint of base URL and key, so that a changed key never shows another workspace's projects).
 * All times are the database's clock, never an instance's.
 */
export const upstreamState = pgTable("upstream_state", {
  source: text("source").primaryKey(),
  /**
   * The last good snapshot, as the document `/api/projects` serves: its head (the validated projects and the
   * elements left out) encoded once by the instance that fetched it (lib/http/precompressed.ts: `EncodedHead`),
   * so that a cold instance answers from these bytes without parsing or compressing anything.
   */
  snapshotGzip: bytea("snapshot_gzip"),
  snapshotGzipCrc: bigint("snapshot_gzip_crc", { mode: "number" }),
  snapshotBrotli: bytea("snapshot_brotli"),
  snapshotTag: text("snapshot_tag"),
  snapshotBytes: integer("snapshot_bytes"),
  snapshotCount: integer("snapshot_count"),
  /**
   * The default view's first screen of that snapshot (lib/projects/first-rows.ts: `FirstRows`), computed by the
   * same instance, so that a cold instance renders the projects page without decoding the whole list.
   */
  snapshotFirstRows: jsonb("snapshot_first_rows"),
  fetchedAt: timestamp("fetched_at", { withTimezone: true, mode: "date" }),
  /** Bumped by every finished refresh, good or bad: lets a waiting request see that one happened. */
  attemptSeq: integer("attempt_seq").notNull().default(0),
  attemptedAt: timestamp("attempted_at", { withTimezone: true, mode: "date" }),
  /** The latest refresh's failure `{ code, message, retryAfterSeconds? }`; null after a success. */
  lastError: jsonb("last_error"),
  /** The service's Retry-After: no call before this time, from any instance. */
  notBefore: timestamp("not_before", { withTimezone: true, mode: "date" }),
  /** Single flight across instances: who refreshes, and until when the lease holds if it dies. */
  leaseHolder: text("lease_holder"),
  leaseUntil: timestamp("lease_until", { withTimezone: true, mode: "date" }),
});

/** One row per call made to the service (each retry included): the shared per-minute call budget. */
export const upstreamCalls = pgTable(
  "upstream_calls",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    source: text("source").notNull(),
    calledAt: timestamp("called_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [index("upstream_calls_source_called_at_idx").on(table.source, table.calledAt)],
);
