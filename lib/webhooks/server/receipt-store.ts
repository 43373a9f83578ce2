import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/connect";
import { countSql } from "@/lib/rate-limit/window";
import {
  deliveryInsertParts,
  storedAttempt,
  type NewDelivery,
  type StoredAttempt,
  type StoredRow,
} from "./delivery-store";

/**
 * The database steps of receiving a delivery, other than the INSERT itself (delivery-store.ts):
 * - the common path, one statement: count the delivery in its rate window and store it, provided the
 *   endpoint is still as the receiver last saw it (storeIfUnchanged);
 * - otherwise the endpoint lookup fused with the rate-limit count (one round trip), then the INSERT;
 * - and the rare steps that only run when needed (claiming an answer-sequence step in
 *   answer-sequence-store.ts, locking the scheme at the first verified delivery).
 */
/** What receiving decides with: the endpoint's receipt columns, as read by countAtEndpoint. */
export interface EndpointSnapshot {
  id: string;
  secretCiphertext: string | null;
  /** The replaced secret and its 24 h (lib/webhooks/server/previous-secret.ts); expiry is checked per delivery. */
  previousSecretCiphertext: string | null;
  previousSecretReplacedAt: Date | null;
  previousSecretExpiresAt: Date | null;
  lockedScheme: string | null;
  acceptInvalidSignatures: boolean;
  rateLimitPerMinute: number | null;
  /** An answer sequence is set: every delivery takes the full path, which claims its step. */
  answerSequenceSet: boolean;
}

export interface ReceiptEndpoint extends EndpointSnapshot {
  /** Deliveries counted in the current one-minute window, this one included. */
  windowCount: number;
}

/**
 * The `counted` CTE of both receipt statements: counts the delivery in the receiver's rate window
 * (lib/rate-limit) for the endpoint row the `ep` CTE yields; with no row, nothing is counted.
 */
function countedInWindow(windowStart: Date): SQL {
  return sql`counted as (${countSql("receiver", sql`select id from ep`, windowStart)})`;
}

/**
 * Looks the endpoint up and counts this delivery in its rate window, atomically across instances (an
 * upsert increment). Unknown endpoints are not counted, so probing ids cannot fill the table.
 */
export async function countAtEndpoint(
  db: Db,
  endpointId: string,
  windowStart: Date,
): Promise<ReceiptEndpoint | null> {
  const result = (await db.execute(sql`
    with ep as (
      select id, secret_ciphertext, locked_scheme, accept_invalid_signatures, rate_limit_per_minute,
             answer_sequence is not null as answer_sequence_set, previous_secret_ciphertext, previous_secret_replaced_at,
             previous_secret_expires_at
      from webhook_endpoints where id = ${endpointId}::text
    ), ${countedInWindow(windowStart)}
    select ep.*, (select count from counted) as window_count from ep
  `)) as unknown as {
    rows: {
      id: string;
      secret_ciphertext: string | null;
      locked_scheme: string | null;
      accept_invalid_signatures: boolean;
      rate_limit_per_minute: number | null;
      answer_sequence_set: boolean;
      previous_secret_ciphertext: string | null;
      previous_secret_replaced_at: string | Date | null;
      previous_secret_expires_at: string | Date | null;
      window_count: number;
    }[];
  };
  const row = result.rows[0];
  if (!row) return null;
  return {
    id: row.id,
    secretCiphertext: row.secret_ciphertext,
    previousSecretCiphertext: row.previous_secret_ciphertext,
    previousSecretReplacedAt: toDate(row.previous_secret_replaced_at),
    previousSecretExpiresAt: toDate(row.previous_secret_expires_at),
    lockedScheme: row.locked_scheme,
    acceptInvalidSignatures: row.accept_invalid_signatures,
    rateLimitPerMinute: row.rate_limit_per_minute,
    answerSequenceSet: row.answer_sequence_set,
    windowCount: Number(row.window_count),
  };
}

/** A timestamptz from a raw query: node-postgres gives a Date, PGlite a Date or a string. */
function toDate(value: string | Date | null): Date | null {
  return value === null ? null : value instanceof Date ? value : new Date(value);
}

export type GuardedOutcome =
  | { kind: "stored"; stored: StoredAttempt }
  | { kind: "rate_limited" }
  /** The endpoint was changed or deleted since the snapshot: nothing was counted or stored. */
  | { kind: "changed" };

/**
 * The receiver's common path in one statement, because each statement has a fixed cost that is a large
 * part of a delivery's (PGlite's above all): if the endpoint row still holds the snapshot's values and has
 * no answer sequence, counts the delivery in its rate window and, within `limit`, stores it.
 * The delivery was decided (verified, answered) with the snapshot; the condition makes that decision as
 * current as the two-statement path's.
 */
export async function storeIfUnchanged(
  db: Db,
  snapshot: EndpointSnapshot,
  windowStart: Date,
  limit: number,
  delivery: NewDelivery,
  retryWindowSeconds: number,
): Promise<GuardedOutcome> {
  const { prev, insert, returning } = deliveryInsertParts(delivery, retryWindowSeconds);
  const result = (await db.execute(sql`
    with ep as (
      select id from webhook_endpoints
      where id = ${snapshot.id}::text
        and secret_ciphertext is not distinct from ${snapshot.secretCiphertext}::text
        and previous_secret_ciphertext is not distinct from ${snapshot.previousSecretCiphertext}::text
        and locked_scheme is not distinct from ${snapshot.lockedScheme}::text
        and accept_invalid_signatures = ${snapshot.acceptInvalidSignatures}::boolean
        and rate_limit_per_minute is not distinct from ${snapshot.rateLimitPerMinute}::int
        and answer_sequence is null
    ), ${countedInWindow(windowStart)}, prev as (${prev}
    ), stored as (${insert}
      where (select count from counted) <= ${limit}::int ${returning}
    )
    select (select count from counted) as window_count, stored.*
    from (select 1) as one left join stored on true
  `)) as unknown as { rows: ({ window_count: number | null } & StoredRow)[] };
  const row = result.rows[0];
  if (!row || row.window_count === null) return { kind: "changed" };
  if (row.id === null) return { kind: "rate_limited" };
  return { kind: "stored", stored: storedAttempt(row) };
}

/** Locks the endpoint's scheme unless one is locked already (the first verified delivery wins). */
export async function lockScheme(db: Db, endpointId: string, scheme: string): Promise<void> {
  await db.execute(sql`
    update webhook_endpoints set locked_scheme = ${scheme}::text, locked_at = now()
    where id = ${endpointId}::text and locked_scheme is null
  `);
}
