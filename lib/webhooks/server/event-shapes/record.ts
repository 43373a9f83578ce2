import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/connect";
import { safeErrorSummary } from "@/lib/db/errors";
import { storableJson, storableText } from "@/lib/db/storable-text";
import {
  observeData,
  SHAPE_LIMITS,
  type DeliveryObservations,
} from "@/lib/webhooks/shared/event-shapes/observe";

export interface ShapeInput {
  endpointId: string;
  event: string;
  receivedAt: Date;
  observed: DeliveryObservations;
}

/**
 * The one statement that folds a delivery's observations into its event's shape: the shape row's counter
 * (which numbers the delivery), then each (path, kind) row added to or created, new rows only while the
 * event holds fewer than `maxFieldsPerEvent`, new events only while the endpoint has fewer than
 * `maxEventsPerEndpoint`. It reads only this event's rows (bounded by those caps), never a delivery, so
 * its cost is the same at the 100th delivery and the 10,000th. Concurrent deliveries of one event queue on
 * the shape row's lock, and every counter is `count + n`, so none is lost.
 */
export function shapeUpdateStatement({ endpointId, receivedAt, observed, ...input }: ShapeInput) {
  const at = receivedAt.toISOString();
  // Paths and examples come from the sender's JSON: a NUL or lone surrogate would fail the statement.
  const event = storableText(input.event);
  const rows = storableJson(observed.observations.map((o, ord) => ({ ...o, ord })));
  return sql`
    with obs as (
      select * from jsonb_to_recordset(${rows}::jsonb)
        as o(path text, kind text, count bigint, example text, ord int)
    ),
    known as (
      select path, kind, first_delivery from webhook_event_fields
      where endpoint_id = ${endpointId}::text and event = ${event}::text
    ),
    fresh as (
      select o.*, row_number() over (order by o.ord) as n from obs o
      where not exists (select 1 from known k where k.path = o.path and k.kind = o.kind)
    ),
    room as (select ${SHAPE_LIMITS.maxFieldsPerEvent}::int - count(*) as free from known),
    kept as (
      select o.path, o.kind, o.count, o.example from obs o
        where exists (select 1 from known k where k.path = o.path and k.kind = o.kind)
      union all
      select f.path, f.kind, f.count, f.example from fresh f, room where f.n <= room.free
    ),
    shape as (
      insert into webhook_event_shapes as s
        (endpoint_id, event, deliveries, first_seen, last_seen, dropped_fields, truncated_deliveries)
      select ${endpointId}::text, ${event}::text, 1, ${at}::timestamptz, ${at}::timestamptz,
        (select count(*) from fresh, room where fresh.n > room.free),
        ${observed.truncated ? 1 : 0}::int
      where exists (
          select 1 from webhook_event_shapes where endpoint_id = ${endpointId}::text and event = ${event}::text)
        or (select count(*) from webhook_event_shapes where endpoint_id = ${endpointId}::text)
          < ${SHAPE_LIMITS.maxEventsPerEndpoint}::int
      on conflict (endpoint_id, event) do update set
        deliveries = s.deliveries + 1,
        first_seen = least(s.first_seen, excluded.first_seen),
        last_seen = greatest(s.last_seen, excluded.last_seen),
        dropped_fields = s.dropped_fields + excluded.dropped_fields,
        truncated_deliveries = s.truncated_deliveries + excluded.truncated_deliveries
      returning s.deliveries
    ),
    fields as (
      insert into webhook_event_fields as f
        (endpoint_id, event, path, kind, count, first_seen, last_seen, first_delivery, last_delivery, examples)
      select ${endpointId}::text, ${event}::text, kept.path, kept.kind, kept.count,
        ${at}::timestamptz, ${at}::timestamptz, shape.deliveries, shape.deliveries,
        case when kept.example is null then '[]'::jsonb else jsonb_build_array(kept.example) end
      from kept, shape
      on conflict (endpoint_id, event, path, kind) do update set
        count = f.count + excluded.count,
        first_seen = least(f.first_seen, excluded.first_seen),
        last_seen = greatest(f.last_seen, excluded.last_seen),
        first_delivery = least(f.first_delivery, excluded.first_delivery),
        last_delivery = greatest(f.last_delivery, excluded.last_delivery),
        examples = case
          when jsonb_array_length(f.examples) >= ${SHAPE_LIMITS.examplesPerKind}::int
            or f.examples @> excluded.examples then f.examples
          else f.examples || excluded.examples end
    )
    -- Whether the schema-drift rule has anything to look at (see ShapeFolded).
    select exists (select 1 from fresh)
      or exists (select 1 from known k
        where k.first_delivery = 1 and position('[]' in k.path) = 0
          and not exists (select 1 from obs o where o.path = k.path and o.kind = k.kind))
      as may_have_drifted`;
}

/**
 * `data` of a JSON envelope, or undefined; null when the body is not a JSON object at all. A UTF-8
 * byte-order mark is skipped, as the receiver's analysis does (it reports the mark as a finding).
 */
function envelopeData(body: Buffer): { data: unknown } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8").replace(/^\uFEFF/, ""));
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return null;
  const record = parsed as Record<string, unknown>;
  return { data: Object.hasOwn(record, "data") ? record.data : undefined };
}

export interface ReceivedDelivery {
  endpointId: string;
  event: string | null;
  receivedAt: Date;
  body: Buffer;
  /** Retries resend the same body: only first attempts are counted, so counts are per event sent. */
  attempt: number;
}

/** A delivery folded into its event's shape. */
export interface ShapeFolded {
  /**
   * False when the delivery has no (path, kind) the shape lacked and lacks no field the event's first
   * delivery had: then it cannot have added, retyped or lost a field, and the schema-drift rule needs no
   * query. True says only "look" (the rule's query decides), so a delivery that races another of its event
   * may say true needlessly, never false wrongly: the fields it compares with only grow.
   */
  mayHaveDrifted: boolean;
}

/**
 * Folds one stored delivery into its event's shape (called by the receiver once the delivery is stored).
 * Deliveries without an event name, retries, and bodies that are not a JSON object are not profiled (null).
 */
export async function recordEventShape(
  db: Db,
  delivery: ReceivedDelivery,
): Promise<ShapeFolded | null> {
  const { event } = delivery;
  if (!event || event.length > SHAPE_LIMITS.maxEventNameChars || delivery.attempt !== 1)
    return null;
  const envelope = envelopeData(delivery.body);
  if (!envelope) return null;
  const result = (await db.execute(
    shapeUpdateStatement({
      endpointId: delivery.endpointId,
      event,
      receivedAt: delivery.receivedAt,
      observed: observeData(envelope.data),
    }),
  )) as unknown as { rows: { may_have_drifted: boolean }[] };
  return { mayHaveDrifted: result.rows[0]?.may_have_drifted ?? true };
}

/**
 * The receiver's folds run one at a time per server instance. Every delivery of an event updates the same
 * rows (its shape, its fields), so concurrent folds only wait in PostgreSQL for each other's row locks, each
 * holding a pool connection that the next delivery's insert needs. Queued here, they wait for nothing else.
 */
let foldsInFlight: Promise<unknown> = Promise.resolve();
function oneFoldAtATime<T>(fold: () => Promise<T>): Promise<T> {
  const run = foldsInFlight.then(fold);
  foldsInFlight = run.catch(() => {});
  return run;
}

/**
 * recordEventShape for the receiver, run once the delivery is stored and answered: a failure here is
 * logged (what failed, never the statement's parameters, which hold the sender's data) and never touches
 * the delivery, which is already committed.
 */
export async function recordEventShapeAfterStore(
  db: Db,
  delivery: ReceivedDelivery,
): Promise<ShapeFolded | null> {
  try {
    return await oneFoldAtATime(() => recordEventShape(db, delivery));
  } catch (error) {
    console.error(
      `[webhooks] event shape not updated for endpoint ${delivery.endpointId}; the delivery is stored: ${safeErrorSummary(error)}`,
    );
    return null;
  }
}
