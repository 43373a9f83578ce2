import { and, asc, desc, eq, gte, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/connect";
import { webhookDeliveries, webhookEndpoints } from "@/lib/db/schema";
import {
  isCredentialHeader,
  queryWithoutRedacted,
  REDACTED,
} from "@/lib/webhooks/shared/request-meta";
import { eventMatcher } from "./event-glob";
import { cursorOf, type Position } from "./position";

export { eventMatcher };

const d = webhookDeliveries;
const e = webhookEndpoints;

/** Only rows whose transaction is older than every one still running: see position.ts. */
const settled = sql`${d.seq} < (pg_snapshot_xmin(pg_current_snapshot())::text)::bigint`;

const rowColumns = {
  seq: d.seq,
  id: d.id,
  endpointId: d.endpointId,
  endpointName: e.name,
  receivedAt: d.receivedAt,
  method: d.method,
  query: d.query,
  headers: d.headers,
  body: d.body,
  event: d.event,
  verification: d.verification,
};

export type StreamRow = {
  [K in keyof typeof rowColumns]: K extends "endpointName"
    ? string
    : (typeof webhookDeliveries.$inferSelect)[K & keyof typeof webhookDeliveries.$inferSelect];
};

/** Settled deliveries after `after` (and at most `upTo`), oldest first, with their bodies. */
export async function readDeliveriesAfter(
  db: Db,
  options: { after: Position; upTo?: Position; endpointIds?: string[]; limit: number },
): Promise<StreamRow[]> {
  const conditions: SQL[] = [
    settled,
    sql`(${d.seq}, ${d.id}) > (${options.after.seq}::bigint, ${options.after.id}::bigint)`,
  ];
  if (options.upTo) {
    conditions.push(
      sql`(${d.seq}, ${d.id}) <= (${options.upTo.seq}::bigint, ${options.upTo.id}::bigint)`,
    );
  }
  if (options.endpointIds?.length) conditions.push(inArray(d.endpointId, options.endpointIds));
  return db
    .select(rowColumns)
    .from(d)
    .innerJoin(e, eq(e.id, d.endpointId))
    .where(and(...conditions))
    .orderBy(asc(d.seq), asc(d.id))
    .limit(options.limit);
}

/** The newest settled position (the start of "now"), or `fallback` when there is no delivery. */
export async function headPosition(db: Db, fallback: Position): Promise<Position> {
  const [row] = await db
    .select({ seq: d.seq, id: d.id })
    .from(d)
    .where(settled)
    .orderBy(desc(d.seq), desc(d.id))
    .limit(1);
  return row ?? fallback;
}

/**
 * Where `since` starts: just before the first settled delivery received at or after it (ids are whole
 * numbers, so (seq, id - 1) has nothing between it and that delivery), or null when none was.
 */
export async function positionBefore(db: Db, since: Date): Promise<Position | null> {
  const [row] = await db
    .select({ seq: d.seq, id: d.id })
    .from(d)
    .where(and(settled, gte(d.receivedAt, since)))
    .orderBy(asc(d.seq), asc(d.id))
    .limit(1);
  return row ? { seq: row.seq, id: row.id - 1 } : null;
}

/** Endpoints by id or name, each given value resolved; the unknown ones are returned apart. */
export async function resolveEndpoints(
  db: Db,
  given: string[],
): Promise<{ ids: string[]; unknown: string[] }> {
  if (given.length === 0) return { ids: [], unknown: [] };
  const found = await db
    .select({ id: e.id, name: e.name })
    .from(e)
    .where(or(inArray(e.id, given), inArray(e.name, given)));
  const ids = new Set<string>();
  const unknown: string[] = [];
  for (const value of given) {
    const matches = found.filter((row) => row.id === value || row.name === value);
    if (matches.length === 0) unknown.push(value);
    for (const row of matches) ids.add(row.id);
  }
  return { ids: [...ids], unknown };
}

/** What a listener asked for: endpoint ids (none: all) and event globs (none: all). */
export interface StreamFilter {
  endpointIds: string[];
  events: string[];
}

export type RowMatcher = (row: StreamRow) => boolean;

/**
 * The filter as a test of one row. Event globs use picomatch with `.` as the separator (`task.*` is every
 * task event, `*` every event with no dot, `**` anything); a delivery without an event name matches only
 * when no glob is given.
 */
export function rowMatcher(filter: StreamFilter): RowMatcher {
  const endpoints = filter.endpointIds.length ? new Set(filter.endpointIds) : null;
  const event = filter.events.length ? eventMatcher(filter.events) : null;
  return (row) =>
    (!endpoints || endpoints.has(row.endpointId)) &&
    (!event || (row.event !== null && event(row.event)));
}

/** One SSE event's JSON, as the contract (/work/wt/LISTEN-CONTRACT.md, docs/webhooks.md) lists it. */
export interface StreamEvent {
  cursor: string;
  id: string;
  endpointId: string;
  endpointName: string;
  receivedAt: string;
  method: string;
  path: string;
  query: string;
  event: string | null;
  headers: [string, string][];
  bodyBase64: string;
  verdict: string;
}

/**
 * A stored delivery as a listener forwards it. Headers keep their arrival order and duplicates; the ones
 * the store redacted (credentials) are left out, never forwarded as "[redacted]", and so are the query's
 * redacted parameters. `path` is always "": the receiver has no sub-paths (a sender's URL below an endpoint's
 * is not the receiver's, and stores nothing), so there is no suffix to forward.
 */
export function streamEvent(row: StreamRow): StreamEvent {
  return {
    cursor: cursorOf(row),
    id: String(row.id),
    endpointId: row.endpointId,
    endpointName: row.endpointName,
    receivedAt: row.receivedAt.toISOString(),
    method: row.method,
    path: "",
    query: queryWithoutRedacted(row.query),
    event: row.event,
    headers: row.headers.filter(
      ([name, value]) => !(value === REDACTED && isCredentialHeader(name)),
    ),
    bodyBase64: row.body.toString("base64"),
    verdict: row.verification,
  };
}
