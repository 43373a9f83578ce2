import { asc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/connect";
import { webhookEventFields, webhookEventShapes } from "@/lib/db/schema";
import {
  describeShape,
  summarizeShape,
  type EventShape,
  type EventSummary,
  type FieldRow,
} from "@/lib/webhooks/shared/event-shapes/describe";

const s = webhookEventShapes;
const f = webhookEventFields;

export interface EventShapesAnswer {
  endpointId: string;
  events: EventSummary[];
  /** The asked event's shape, or the most frequent one's when none was asked. */
  shape: EventShape | null;
}

async function fieldRowsByEvent(db: Db, endpointId: string): Promise<Map<string, FieldRow[]>> {
  const rows = await db
    .select()
    .from(f)
    .where(eq(f.endpointId, endpointId))
    .orderBy(asc(f.event), asc(f.path), asc(f.kind));
  const byEvent = new Map<string, FieldRow[]>();
  for (const r of rows) {
    const list = byEvent.get(r.event) ?? [];
    list.push(fieldRow(r));
    byEvent.set(r.event, list);
  }
  return byEvent;
}

function fieldRow(r: typeof f.$inferSelect): FieldRow {
  return {
    path: r.path,
    kind: r.kind,
    count: r.count,
    firstSeen: r.firstSeen.toISOString(),
    lastSeen: r.lastSeen.toISOString(),
    firstDelivery: r.firstDelivery,
    lastDelivery: r.lastDelivery,
    examples: r.examples,
  };
}

/**
 * Every event profiled at an endpoint with all its fields, by event name. Reads only the shape tables: at
 * most `maxEventsPerEndpoint` × `maxFieldsPerEvent` rows, however many deliveries were received.
 */
export async function loadDescribedShapes(db: Db, endpointId: string): Promise<EventShape[]> {
  const shapes = (
    await db.select().from(s).where(eq(s.endpointId, endpointId)).orderBy(asc(s.event))
  ).map((row) => ({
    event: row.event,
    deliveries: row.deliveries,
    firstSeen: row.firstSeen.toISOString(),
    lastSeen: row.lastSeen.toISOString(),
    droppedFields: row.droppedFields,
    truncatedDeliveries: row.truncatedDeliveries,
  }));
  const fields = await fieldRowsByEvent(db, endpointId);
  return shapes.map((shape) => describeShape(shape, fields.get(shape.event) ?? []));
}

/** Every event profiled at an endpoint (summaries), with one event's fields. */
export async function loadEventShapes(
  db: Db,
  endpointId: string,
  event: string | undefined,
): Promise<EventShapesAnswer> {
  const described = await loadDescribedShapes(db, endpointId);
  const chosen =
    (event ? described.find((d) => d.event === event) : undefined) ??
    [...described].sort((a, b) => b.deliveries - a.deliveries)[0] ??
    null;
  return {
    endpointId,
    events: described.map(summarizeShape),
    shape: event && chosen?.event !== event ? null : chosen,
  };
}
