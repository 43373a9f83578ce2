import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/connect";
import { upstreamObservedFacts } from "@/lib/db/schema";
import { describeScheme, parseSchemeId } from "@/lib/signing/schemes";
import { WEBHOOK_EVENTS } from "@/lib/webhooks/shared/events";
import { summarizeRetries } from "@/lib/webhooks/shared/retry-behaviour";
import { loadRetryObservations } from "@/lib/webhooks/server/retry-observations";
import { SPEC_STATUSES, type FactKind } from "./observe-answer";

/**
 * The observed-facts panel's data: what the projects answers showed (upstream_observed_facts) and what the
 * webhook side already stores (the scheme each verified delivery matched, retry groups, event shapes), read
 * here rather than recorded twice. No call to the service.
 */

export interface FactRow {
  kind: FactKind;
  value: string;
  sample: string | null;
  count: number;
  firstSeen: string;
  lastSeen: string;
}

export interface ListFact {
  answers: number;
  largest: number;
  smallest: number;
  /** Every answer had the same count: a page cap looks like this (so does a workspace that did not change). */
  sameEveryTime: boolean;
  firstSeen: string;
  lastSeen: string;
}

/** Answers with one count before "the same count every time" is worth saying. */
export const SAME_COUNT_AFTER = 5;

export interface ProjectsFacts {
  answers: number;
  /** Status strings other than the spec's `active`: the on-hold string(s). */
  onHold: FactRow[];
  statusValues: FactRow[];
  fields: FactRow[];
  list: ListFact | null;
  pageHints: FactRow[];
  headers: FactRow[];
  retryAfter: FactRow[];
  statuses: (FactRow & { inSpec: boolean })[];
  timestamps: FactRow[];
  bodies: FactRow[];
}

export interface SchemeFact {
  endpointId: string;
  endpointName: string;
  scheme: string;
  encoding: string | null;
  description: string;
  /** The scheme locked for the endpoint (the first verified delivery's). */
  locked: boolean;
  count: number;
  firstSeen: string;
  lastSeen: string;
}

export interface RetryFact {
  endpointId: string;
  endpointName: string;
  groups: number;
  retriedGroups: number;
  maxAttempts: number;
  /** Median gap before each attempt after a failure answered at once. */
  gaps: { attempt: number; medianMs: number; count: number }[];
  backoffFactor: number | null;
}

export interface EventFact {
  endpointId: string;
  endpointName: string;
  event: string;
  deliveries: number;
  firstSeen: string;
  lastSeen: string;
}

export interface ShapeFact {
  endpointId: string;
  endpointName: string;
  events: number;
  deliveries: number;
  firstSeen: string;
  lastSeen: string;
}

export interface WebhookFacts {
  schemes: SchemeFact[];
  retries: RetryFact[];
  unknownEvents: EventFact[];
  shapes: ShapeFact[];
}

const iso = (value: Date | string) => new Date(value).toISOString();

export async function loadProjectsFacts(db: Db, service: string): Promise<ProjectsFacts> {
  const rows = await db
    .select()
    .from(upstreamObservedFacts)
    .where(eq(upstreamObservedFacts.service, service))
    .orderBy(asc(upstreamObservedFacts.kind), asc(upstreamObservedFacts.value));
  const of = (kind: FactKind) =>
    rows
      .filter((r) => r.kind === kind)
      .map((r): FactRow => ({
        kind,
        value: r.value,
        sample: r.sample,
        count: r.count,
        firstSeen: iso(r.firstSeen),
        lastSeen: iso(r.lastSeen),
      }));
  const byCount = (a: FactRow, b: FactRow) => b.count - a.count || a.value.localeCompare(b.value);
  const statusValues = of("status_value").sort(byCount);
  const listRow = rows.find((r) => r.kind === "list_length");
  const statuses = of("http_status").map((r) => ({
    ...r,
    inSpec: (SPEC_STATUSES as readonly number[]).includes(Number(r.value)),
  }));
  return {
    answers: statuses.reduce((sum, r) => sum + r.count, 0),
    onHold: statusValues.filter((r) => r.value !== "active"),
    statusValues,
    fields: [
      ...of("field_null"),
      ...of("field_empty"),
      ...of("field_missing"),
      ...of("field_extra"),
    ],
    list:
      listRow && listRow.maxNumber !== null && listRow.minNumber !== null
        ? {
            answers: listRow.count,
            largest: listRow.maxNumber,
            smallest: listRow.minNumber,
            sameEveryTime:
              listRow.count >= SAME_COUNT_AFTER && listRow.minNumber === listRow.maxNumber,
            firstSeen: iso(listRow.firstSeen),
            lastSeen: iso(listRow.lastSeen),
          }
        : null,
    pageHints: of("page_hint"),
    headers: of("header"),
    retryAfter: of("retry_after").sort(byCount),
    statuses,
    timestamps: of("timestamp_format").sort(byCount),
    bodies: of("body_kind"),
  };
}

type Rows<T> = { rows: T[] };
async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

/** Endpoints that have received something, with their names ("default" may have no row of its own). */
async function endpointsSeen(
  db: Db,
): Promise<{ id: string; name: string; locked: string | null }[]> {
  return rows(
    db,
    sql`select d.endpoint_id as id, coalesce(e.name, d.endpoint_id) as name, e.locked_scheme as locked
        from (select distinct endpoint_id from webhook_deliveries) d
        left join webhook_endpoints e on e.id = d.endpoint_id
        order by 2`,
  );
}

export async function loadWebhookFacts(db: Db, retryWindowSeconds: number): Promise<WebhookFacts> {
  const endpoints = await endpointsSeen(db);
  const nameOf = new Map(endpoints.map((e) => [e.id, e.name]));
  const lockedOf = new Map(endpoints.map((e) => [e.id, e.locked]));

  const schemeRows = await rows<{
    endpoint_id: string;
    scheme: string;
    count: number;
    first_seen: string;
    last_seen: string;
  }>(
    db,
    sql`select endpoint_id, scheme, count(*)::int as count,
          min(received_at) as first_seen, max(received_at) as last_seen
        from webhook_deliveries where verification = 'verified' and scheme is not null
        group by 1, 2 order by 1, 3 desc`,
  );
  const schemes = schemeRows.map((r): SchemeFact => ({
    endpointId: r.endpoint_id,
    endpointName: nameOf.get(r.endpoint_id) ?? r.endpoint_id,
    scheme: r.scheme,
    encoding: parseSchemeId(r.scheme)?.encoding ?? null,
    description: describeScheme(r.scheme),
    locked: lockedOf.get(r.endpoint_id) === r.scheme,
    count: Number(r.count),
    firstSeen: iso(r.first_seen),
    lastSeen: iso(r.last_seen),
  }));

  const retries: RetryFact[] = [];
  for (const endpoint of endpoints) {
    const observed = await loadRetryObservations(db, endpoint.id);
    const summary = summarizeRetries({ ...observed, now: new Date(), retryWindowSeconds });
    if (summary.groups === 0) continue;
    retries.push({
      endpointId: endpoint.id,
      endpointName: endpoint.name,
      groups: summary.groups,
      retriedGroups: summary.retriedGroups,
      maxAttempts: summary.maxAttempts,
      gaps: summary.gaps.map((g) => ({ attempt: g.attempt, medianMs: g.medianMs, count: g.count })),
      backoffFactor: summary.backoffFactor,
    });
  }

  const shapeRows = await rows<{
    endpoint_id: string;
    event: string;
    deliveries: number;
    first_seen: string;
    last_seen: string;
  }>(
    db,
    sql`select endpoint_id, event, deliveries, first_seen, last_seen
        from webhook_event_shapes order by endpoint_id, event`,
  );
  const known = new Set<string>(WEBHOOK_EVENTS);
  const unknownEvents = shapeRows
    .filter((r) => !known.has(r.event))
    .map((r): EventFact => ({
      endpointId: r.endpoint_id,
      endpointName: nameOf.get(r.endpoint_id) ?? r.endpoint_id,
      event: r.event,
      deliveries: Number(r.deliveries),
      firstSeen: iso(r.first_seen),
      lastSeen: iso(r.last_seen),
    }));
  const shapesByEndpoint = new Map<string, ShapeFact>();
  for (const r of shapeRows) {
    const shape = shapesByEndpoint.get(r.endpoint_id) ?? {
      endpointId: r.endpoint_id,
      endpointName: nameOf.get(r.endpoint_id) ?? r.endpoint_id,
      events: 0,
      deliveries: 0,
      firstSeen: iso(r.first_seen),
      lastSeen: iso(r.last_seen),
    };
    shape.events += 1;
    shape.deliveries += Number(r.deliveries);
    if (iso(r.first_seen) < shape.firstSeen) shape.firstSeen = iso(r.first_seen);
    if (iso(r.last_seen) > shape.lastSeen) shape.lastSeen = iso(r.last_seen);
    shapesByEndpoint.set(r.endpoint_id, shape);
  }
  return { schemes, retries, unknownEvents, shapes: [...shapesByEndpoint.values()] };
}
