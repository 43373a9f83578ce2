import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/connect";
import type { StoredAnswerSequence } from "@/lib/db/schema";
import { stepForAttempt, type AnswerStep } from "@/lib/webhooks/shared/answer-sequence";

/** The step that answers one attempt: its 1-based number in a sequence of `of` steps. */
export interface ClaimedStep {
  step: AnswerStep;
  number: number;
  of: number;
}

/**
 * Claims the next position of a delivery's retry group in its endpoint's answer sequence and returns the
 * step that answers it (null: no sequence, or it is over and answers normally).
 *
 * One statement, an upsert on the (endpoint, body) row: PostgreSQL serialises concurrent upserts of a row,
 * so concurrent attempts, on any instance sharing the database, each take their own position; none is given
 * twice. The group is the receiver's (delivery-store.ts deliveryInsertParts): the same body within the retry
 * window of the previous attempt. A position claimed under another sequence (changed since) or longer ago
 * than the window starts again at 1. The sequence is read in the same statement as the claim.
 */
export async function claimAnswerStep(
  db: Db,
  endpointId: string,
  bodySha256: string,
  receivedAt: Date,
  retryWindowSeconds: number,
): Promise<ClaimedStep | null> {
  const at = receivedAt.toISOString();
  const result = (await db.execute(sql`
    with ep as (
      select answer_sequence from webhook_endpoints
      where id = ${endpointId}::text and answer_sequence is not null
    ), claimed as (
      insert into webhook_answer_positions as p (endpoint_id, body_sha256, sequence_id, position, last_at)
      select ${endpointId}::text, ${bodySha256}::text, ep.answer_sequence->>'id', 1, ${at}::timestamptz
      from ep
      on conflict (endpoint_id, body_sha256) do update set
        position = case
          when p.sequence_id = excluded.sequence_id
            and p.last_at > excluded.last_at - (${retryWindowSeconds}::int * interval '1 second')
          then p.position + 1 else 1 end,
        sequence_id = excluded.sequence_id,
        last_at = greatest(p.last_at, excluded.last_at)
      returning position
    )
    select claimed.position, ep.answer_sequence from claimed, ep
  `)) as unknown as {
    rows: { position: number; answer_sequence: StoredAnswerSequence | string }[];
  };
  const row = result.rows[0];
  if (!row) return null;
  // node-postgres parses jsonb; a raw PGlite query may hand back the text.
  const sequence: StoredAnswerSequence =
    typeof row.answer_sequence === "string" ? JSON.parse(row.answer_sequence) : row.answer_sequence;
  const claimed = stepForAttempt(sequence, row.position);
  return claimed && { ...claimed, of: sequence.steps.length };
}

/** Forgets every group's position at an endpoint (its sequence was set or cleared). */
export async function forgetAnswerPositions(db: Db, endpointId: string): Promise<void> {
  await db.execute(
    sql`delete from webhook_answer_positions where endpoint_id = ${endpointId}::text`,
  );
}

/** Retention: positions last claimed longer ago than the retry window belong to no group any more. */
export async function pruneAnswerPositions(
  db: Db,
  now: Date,
  retryWindowSeconds: number,
): Promise<void> {
  await db.execute(sql`
    delete from webhook_answer_positions
    where last_at < ${now.toISOString()}::timestamptz - (${retryWindowSeconds}::int * interval '1 second')
  `);
}
