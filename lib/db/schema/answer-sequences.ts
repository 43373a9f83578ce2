import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { webhookEndpoints } from "./webhooks";

/**
 * Where each retry group stands in its endpoint's answer sequence: one row per (endpoint, body), claimed
 * by one atomic upsert per attempt (lib/webhooks/server/answer-sequence-store.ts), so concurrent attempts
 * and instances sharing the database each get their own step.
 */
export const webhookAnswerPositions = pgTable(
  "webhook_answer_positions",
  {
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    bodySha256: text("body_sha256").notNull(),
    /** The sequence's id when the position was claimed: a changed sequence starts again at step 1. */
    sequenceId: text("sequence_id").notNull(),
    /** The attempt number within the group, as claimed last (1-based). */
    position: integer("position").notNull(),
    /** The last claim: a claim further apart than the retry window starts a new group. */
    lastAt: timestamp("last_at", { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.endpointId, t.bodySha256] })],
);
