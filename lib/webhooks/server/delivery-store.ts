import { and, desc, asc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db/connect";
import { webhookDeliveries } from "@/lib/db/schema";
import { isStorableText, storableJson, storableText } from "@/lib/db/storable-text";
import { boundedFindings, type Finding } from "./analyze";
import type { VerificationResult } from "./verify";
import { UNKNOWN_EVENT_FILTER, VERIFICATION_RESULTS } from "@/lib/webhooks/shared/constants";
import { decodeCursor, type CursorPosition } from "./cursor";
import { WEBHOOK_EVENTS } from "@/lib/webhooks/shared/events";
import { parseDeliverySearch } from "@/lib/webhooks/shared/field-search";
import { fieldConditionSql } from "./field-search-sql";

/** Everything stored about one delivery, decided before the single INSERT that makes it durable. */
export interface NewDelivery {
  endpointId: string;
  receivedAt: Date;
  method: string;
  /** The request's query string without its `?`, "" when none (requestQuery in request-meta.ts). */
  query: string;
  headers: [string, string][];
  clientAddress: string | null;
  contentType: string | null;
  body: Buffer;
  bodySha256: string;
  bodyIsText: boolean;
  /** JSON jsonb reads (analyze.ts isJsonbReady): the field search casts only these. */
  bodyIsJson: boolean;
  preview: string | null;
  event: string | null;
  verification: VerificationResult;
  scheme: string | null;
  schemeMismatch: boolean;
  signedTimestamp: string | null;
  findings: Finding[];
  responseStatus: number;
  scripted: boolean;
  hangSeconds: number | null;
  /** The answer-sequence step that answered (1-based) and the sequence's length; null when none did. */
  answerStep: number | null;
  answerSteps: number | null;
}

export interface StoredAttempt {
  id: number;
  attempt: number;
  firstAttemptId: number | null;
  gapMs: number | null;
}

type Rows<T> = { rows: T[] };

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  // Both drivers answer raw queries with `{ rows }`; values are cast to text/int in SQL so they parse alike.
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

export type StoredRow = {
  id: string;
  attempt: number;
  first_attempt_id: string | null;
  gap_ms: string | null;
};

export function storedAttempt(row: StoredRow): StoredAttempt {
  return {
    id: Number(row.id),
    attempt: row.attempt,
    firstAttemptId: row.first_attempt_id === null ? null : Number(row.first_attempt_id),
    gapMs: row.gap_ms === null ? null : Number(row.gap_ms),
  };
}

/**
 * The parts of the statement that stores a delivery, for insertDelivery and for the receiver's guarded
 * one-statement path (receipt-store.ts), which adds a condition between `insert` and `returning`.
 * The same body at the same endpoint within the retry window is numbered as the next attempt (`prev`),
 * with the gap since the previous one. Two identical bodies arriving within the same millisecond may both be
 * numbered 1: a sender's retries follow a failed attempt, so they never overlap it.
 * The body is stored as its exact bytes; every column derived from it or from the headers is made storable
 * (a NUL or a lone surrogate would fail the statement and lose the delivery: lib/db/storable-text.ts), and
 * the findings are bounded (boundedFindings).
 */
export function deliveryInsertParts(
  delivery: NewDelivery,
  retryWindowSeconds: number,
): { prev: SQL; insert: SQL; returning: SQL } {
  const receivedAt = delivery.receivedAt.toISOString();
  return {
    prev: sql`
      select id, first_attempt_id, attempt, received_at from webhook_deliveries
      where endpoint_id = ${delivery.endpointId}::text and body_sha256 = ${delivery.bodySha256}::text
        and received_at > ${receivedAt}::timestamptz - (${retryWindowSeconds}::int * interval '1 second')
        and received_at <= ${receivedAt}::timestamptz
      order by received_at desc, id desc
      limit 1`,
    insert: sql`
    insert into webhook_deliveries (
      endpoint_id, received_at, method, query, headers, client_address, content_type, body, body_sha256, size,
      body_is_text, body_is_json, preview, event, verification, scheme, scheme_mismatch, signed_timestamp, findings,
      attempt, first_attempt_id, gap_ms, response_status, scripted, hang_seconds, answer_step, answer_steps
    )
    select
      ${delivery.endpointId}::text, ${receivedAt}::timestamptz, ${storableText(delivery.method)}::text,
      ${storableText(delivery.query)}::text, ${storableJson(delivery.headers)}::jsonb, ${storableText(delivery.clientAddress)}::text,
      ${storableText(delivery.contentType)}::text, ${delivery.body}::bytea, ${delivery.bodySha256}::text,
      ${delivery.body.length}::int, ${delivery.bodyIsText}::boolean, ${delivery.bodyIsJson}::boolean,
      ${storableText(delivery.preview)}::text,
      ${storableText(delivery.event)}::text, ${delivery.verification}::text, ${delivery.scheme}::text,
      ${delivery.schemeMismatch}::boolean, ${storableText(delivery.signedTimestamp)}::text,
      ${storableJson(boundedFindings(delivery.findings))}::jsonb,
      coalesce(prev.attempt + 1, 1),
      coalesce(prev.first_attempt_id, prev.id),
      case when prev.id is null then null
        else round(extract(epoch from (${receivedAt}::timestamptz - prev.received_at)) * 1000)::bigint end,
      ${delivery.responseStatus}::int, ${delivery.scripted}::boolean, ${delivery.hangSeconds}::int,
      ${delivery.answerStep}::int, ${delivery.answerSteps}::int
    from (select 1) as one left join prev on true`,
    returning: sql`
    returning id::text as id, attempt, first_attempt_id::text as first_attempt_id, gap_ms::text as gap_ms`,
  };
}

/**
 * Stores a delivery in one statement (its own transaction): when the INSERT returns, the delivery is
 * committed, numbered as an attempt (deliveryInsertParts).
 */
export async function insertDelivery(
  db: Db,
  delivery: NewDelivery,
  retryWindowSeconds: number,
): Promise<StoredAttempt> {
  const { prev, insert, returning } = deliveryInsertParts(delivery, retryWindowSeconds);
  const [row] = await rows<StoredRow>(db, sql`with prev as (${prev}) ${insert} ${returning}`);
  if (!row) throw new Error("The delivery insert returned no row");
  return storedAttempt(row);
}

export interface DeliveryFilters {
  endpointId?: string;
  /** An event name, or UNKNOWN_EVENT_FILTER for none of the nine (including no event at all). */
  event?: string;
  verification?: VerificationResult;
  since?: Date;
  until?: Date;
  /**
   * The search line (shared/field-search.ts): text in the body (case-insensitive in text bodies, exact
   * bytes in binary ones) and conditions on the JSON body's fields.
   */
  q?: string;
}

export interface DeliveryListOptions extends DeliveryFilters {
  before?: string;
  after?: string;
  limit: number;
}

const d = webhookDeliveries;

/** The spec's nine as an SQL list, so "unknown" is a plain `not in` the planner can use with the index. */
const knownEvents = sql.join(
  WEBHOOK_EVENTS.map((event) => sql`${event}::text`),
  sql`, `,
);
const eventBucket = sql<string>`case when ${d.event} in (${knownEvents}) then ${d.event} else ${UNKNOWN_EVENT_FILTER}::text end`;

/** Text in the body: case-insensitive in text bodies, exact bytes in binary ones. */
function bodyTextCondition(text: string): SQL {
  // Text bodies hold no NUL (bodyIsText), so a search for one looks in the binary bodies only; the
  // bytes are sent as bytea, since PostgreSQL text cannot carry a NUL.
  const bytes = sql`${Buffer.from(text, "utf8")}::bytea`;
  return isStorableText(text)
    ? sql`(case when ${d.bodyIsText}
      then strpos(lower(convert_from(${d.body}, 'UTF8')), lower(${text}::text)) > 0
      else position(${bytes} in ${d.body}) > 0 end)`
    : sql`(not ${d.bodyIsText} and position(${bytes} in ${d.body}) > 0)`;
}

export function filterConditions(filters: DeliveryFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.endpointId) conditions.push(eq(d.endpointId, filters.endpointId));
  if (filters.event === UNKNOWN_EVENT_FILTER) {
    conditions.push(sql`(${d.event} is null or ${d.event} not in (${knownEvents}))`);
  } else if (filters.event) conditions.push(eq(d.event, storableText(filters.event)));
  if (filters.verification) conditions.push(eq(d.verification, filters.verification));
  if (filters.since) conditions.push(gte(d.receivedAt, filters.since));
  if (filters.until) conditions.push(lt(d.receivedAt, filters.until));
  if (filters.q) {
    const search = parseDeliverySearch(filters.q);
    // The routes validate q with the same parser (api-schemas.ts); a caller that did not is told as they are.
    if (typeof search === "string") throw new ApiError("invalid_query", `q: ${search}`);
    conditions.push(
      ...search.texts.map(bodyTextCondition),
      ...search.conditions.map(fieldConditionSql),
    );
  }
  return conditions;
}

const summaryColumns = {
  id: webhookDeliveries.id,
  seq: webhookDeliveries.seq,
  endpointId: webhookDeliveries.endpointId,
  receivedAt: webhookDeliveries.receivedAt,
  method: webhookDeliveries.method,
  contentType: webhookDeliveries.contentType,
  bodySha256: webhookDeliveries.bodySha256,
  size: webhookDeliveries.size,
  preview: webhookDeliveries.preview,
  event: webhookDeliveries.event,
  verification: webhookDeliveries.verification,
  scheme: webhookDeliveries.scheme,
  schemeMismatch: webhookDeliveries.schemeMismatch,
  attempt: webhookDeliveries.attempt,
  firstAttemptId: webhookDeliveries.firstAttemptId,
  gapMs: webhookDeliveries.gapMs,
  responseStatus: webhookDeliveries.responseStatus,
  scripted: webhookDeliveries.scripted,
};

export type DeliverySummaryRow = {
  [K in keyof typeof summaryColumns]: (typeof webhookDeliveries.$inferSelect)[K];
} & { findingCount: number; forwarded?: boolean };

export class CursorError extends Error {}

function position(cursor: string): CursorPosition {
  const decoded = decodeCursor(cursor);
  if (!decoded) throw new CursorError("The cursor is not one this API handed out");
  return decoded;
}

/**
 * A page of deliveries, newest first. Only rows whose transaction is older than every transaction still in
 * progress are listed: ids are handed out before commit, so without this a row committing late could land
 * behind a live view's `after=` cursor and never be shown. The wait this adds is the length of the
 * concurrent inserts, milliseconds.
 */
export async function listDeliveries(
  db: Db,
  filters: DeliveryListOptions,
): Promise<{ rows: DeliverySummaryRow[]; hasMore: boolean }> {
  const conditions: SQL[] = [
    sql`${d.seq} < (pg_snapshot_xmin(pg_current_snapshot())::text)::bigint`,
    ...filterConditions(filters),
  ];
  if (filters.before) {
    const p = position(filters.before);
    conditions.push(sql`(${d.seq}, ${d.id}) < (${p.seq}::bigint, ${p.id}::bigint)`);
  }
  if (filters.after) {
    const p = position(filters.after);
    conditions.push(sql`(${d.seq}, ${d.id}) > (${p.seq}::bigint, ${p.id}::bigint)`);
  }
  // `after` catches up from the cursor (oldest new rows first, so nothing is skipped); the page is then
  // presented newest first like every other page.
  const ascending = Boolean(filters.after);
  // A list row carries how many findings there are, never the findings: they are the detail's.
  const found = await db
    .select({
      ...summaryColumns,
      findingCount: sql<number>`jsonb_array_length(${d.findings})`,
      // Whether a listener forwarded it (lib/listen): one index probe per row of the page. The column is
      // spelt out: drizzle writes an unqualified "id" here, which the subquery would read as its own.
      forwarded: sql<boolean>`exists (select 1 from delivery_forwards f where f.delivery_id = webhook_deliveries.id)`,
    })
    .from(d)
    .where(and(...conditions))
    .orderBy(...(ascending ? [asc(d.seq), asc(d.id)] : [desc(d.seq), desc(d.id)]))
    .limit(filters.limit + 1);
  const hasMore = found.length > filters.limit;
  const page = found.slice(0, filters.limit);
  return { rows: ascending ? page.reverse() : page, hasMore };
}

export interface DeliveryCounts {
  /** Deliveries matching every filter. */
  total: number;
  /** Per event (the nine, and "unknown"), with every filter but the event one. */
  events: Record<string, number>;
  /** Per verification result, with every filter but the verification one. */
  verification: Record<VerificationResult, number>;
}

/**
 * Facet counts for the inspector's filters: each facet counted with the other filters applied, so a member
 * sees how many deliveries choosing a value would show. Two grouped scans over the same rows as the list.
 */
export async function countDeliveries(db: Db, filters: DeliveryFilters): Promise<DeliveryCounts> {
  const byEvent = await db
    .select({ key: eventBucket, count: sql<number>`count(*)::int` })
    .from(d)
    .where(and(...filterConditions({ ...filters, event: undefined })))
    // By position: the bucket expression's parameters would otherwise differ between select and group by.
    .groupBy(sql`1`);
  const byVerification = await db
    .select({ key: d.verification, count: sql<number>`count(*)::int` })
    .from(d)
    .where(and(...filterConditions({ ...filters, verification: undefined })))
    .groupBy(d.verification);
  const events: Record<string, number> = Object.fromEntries(
    [...WEBHOOK_EVENTS, UNKNOWN_EVENT_FILTER].map((event) => [event, 0]),
  );
  for (const row of byEvent) events[row.key] = Number(row.count);
  const verification = Object.fromEntries(VERIFICATION_RESULTS.map((r) => [r, 0])) as Record<
    VerificationResult,
    number
  >;
  for (const row of byVerification) {
    if (row.key in verification) verification[row.key as VerificationResult] = Number(row.count);
  }
  const total = filters.verification
    ? verification[filters.verification]
    : Object.values(verification).reduce((sum, n) => sum + n, 0);
  return { total, events, verification };
}

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export async function getDelivery(db: Db, id: number): Promise<DeliveryRow | null> {
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row ?? null;
}

/** The 404 of every console call that names a delivery that is not there (any more). */
export function deliveryNotFound(): ApiError {
  return new ApiError(
    "not_found",
    "No delivery with this id (it may have been deleted, or pruned by retention).",
  );
}

/** getDelivery for a console call: an unknown id is the API's 404 `not_found`. */
export async function getDeliveryOrThrow(db: Db, id: number): Promise<DeliveryRow> {
  const row = await getDelivery(db, id);
  if (!row) throw deliveryNotFound();
  return row;
}

export interface RetryGroupMember {
  id: number;
  attempt: number;
  receivedAt: Date;
  gapMs: number | null;
  responseStatus: number;
  verification: string;
  hangSeconds: number | null;
  answerStep: number | null;
  answerSteps: number | null;
}

/**
 * Every attempt of a delivery's retry group (same body at the same endpoint, numbered by the receiver),
 * oldest first. Found through the retry index (endpoint, body hash), so it costs one index range.
 */
export async function listRetryGroup(
  db: Db,
  delivery: { id: number; endpointId: string; bodySha256: string; firstAttemptId: number | null },
): Promise<RetryGroupMember[]> {
  const root = delivery.firstAttemptId ?? delivery.id;
  return db
    .select({
      id: d.id,
      attempt: d.attempt,
      receivedAt: d.receivedAt,
      gapMs: d.gapMs,
      responseStatus: d.responseStatus,
      verification: d.verification,
      hangSeconds: d.hangSeconds,
      answerStep: d.answerStep,
      answerSteps: d.answerSteps,
    })
    .from(d)
    .where(
      and(
        eq(d.endpointId, delivery.endpointId),
        eq(d.bodySha256, delivery.bodySha256),
        sql`(${d.id} = ${root}::bigint or ${d.firstAttemptId} = ${root}::bigint)`,
      ),
    )
    .orderBy(asc(d.id))
    .limit(100);
}

/**
 * Retention: deletes deliveries older than `days`, and beyond the newest `keep` of an endpoint. Works in
 * batches so that a large backlog (after lowering the limits) never holds locks for long.
 */
export async function pruneDeliveries(
  db: Db,
  options: { endpointId?: string; keep: number; days: number; batch?: number },
): Promise<number> {
  const batch = options.batch ?? 5_000;
  let deleted = 0;
  for (;;) {
    const old = await rows<{ id: string }>(
      db,
      sql`delete from webhook_deliveries where id in (
        select id from webhook_deliveries
        where received_at < now() - (${options.days}::int * interval '1 day')
        limit ${batch}::int)
      returning id::text as id`,
    );
    deleted += old.length;
    if (old.length < batch) break;
  }
  // Ids are unique and increasing, so no endpoint can hold more rows than the id span of the whole table:
  // while that is within `keep` (an index lookup at each end), skip the per-endpoint walks below, each of
  // which steps through `keep` index entries. On PGlite every query here blocks the server's thread.
  const [span] = await rows<{ span: string | null }>(
    db,
    sql`select (max(id) - min(id) + 1)::text as span from webhook_deliveries`,
  );
  if (span?.span == null || Number(span.span) <= options.keep) return deleted;
  // From the endpoints table (a handful of rows; deliveries cascade with it), not `distinct` over deliveries.
  const endpointIds = options.endpointId
    ? [options.endpointId]
    : (await rows<{ id: string }>(db, sql`select id from webhook_endpoints`)).map((r) => r.id);
  for (const endpointId of endpointIds) {
    for (;;) {
      const excess = await rows<{ id: string }>(
        db,
        sql`delete from webhook_deliveries where id in (
          select id from webhook_deliveries where endpoint_id = ${endpointId}::text
          order by seq desc, id desc offset ${options.keep}::int limit ${batch}::int)
        returning id::text as id`,
      );
      deleted += excess.length;
      if (excess.length < batch) break;
    }
  }
  return deleted;
}
