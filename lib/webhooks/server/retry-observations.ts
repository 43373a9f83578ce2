import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/connect";
import type { GroupSeen, SingleAnswers } from "@/lib/webhooks/shared/retry-behaviour";

/** The retry groups with more than one attempt read for the Retries view: the newest ones. */
export const MAX_RETRIED_GROUPS = 200;

type Rows<T> = { rows: T[] };

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  // Both drivers answer raw queries with `{ rows }`; values are cast to text/int so they parse alike.
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

/**
 * An endpoint's stored retry groups: every attempt of the newest groups that have a second attempt, and
 * the answers of the single-attempt groups counted in SQL. Reads the stored deliveries, so deleting one
 * takes it out of these figures (the gap is stored on each attempt, so the others' gaps stay right).
 */
export async function loadRetryObservations(
  db: Db,
  endpointId: string,
): Promise<{ groups: GroupSeen[]; singles: SingleAnswers[] }> {
  const attempts = await rows<{
    id: string;
    root: string;
    attempt: number;
    received_at: string;
    gap_ms: string | null;
    response_status: number;
    hang_seconds: number | null;
  }>(
    db,
    sql`
      with roots as (
        select first_attempt_id as root from webhook_deliveries
        where endpoint_id = ${endpointId}::text and attempt = 2
        order by first_attempt_id desc limit ${MAX_RETRIED_GROUPS}::int)
      select id::text as id, coalesce(first_attempt_id, id)::text as root, attempt,
        to_char(received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as received_at,
        gap_ms::text as gap_ms, response_status, hang_seconds
      from webhook_deliveries
      where endpoint_id = ${endpointId}::text and coalesce(first_attempt_id, id) in (select root from roots)
      order by 2, attempt, id`,
  );
  const groups = new Map<number, GroupSeen>();
  for (const row of attempts) {
    const rootId = Number(row.root);
    let group = groups.get(rootId);
    if (!group) {
      group = { rootId, attempts: [] };
      groups.set(rootId, group);
    }
    group.attempts.push({
      id: Number(row.id),
      attempt: row.attempt,
      receivedAt: row.received_at,
      gapMs: row.gap_ms === null ? null : Number(row.gap_ms),
      status: row.response_status,
      hangSeconds: row.hang_seconds,
    });
  }
  const singles = await rows<{
    response_status: number;
    hang_seconds: number | null;
    count: number;
  }>(
    db,
    sql`
      select response_status, hang_seconds, count(*)::int as count from webhook_deliveries
      where endpoint_id = ${endpointId}::text and attempt = 1 and id not in (
        select first_attempt_id from webhook_deliveries
        where endpoint_id = ${endpointId}::text and attempt = 2)
      group by 1, 2`,
  );
  return {
    groups: [...groups.values()],
    singles: singles.map((s) => ({
      status: s.response_status,
      hangSeconds: s.hang_seconds,
      count: Number(s.count),
    })),
  };
}
