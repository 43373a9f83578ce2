import "server-only";
import { sql } from "drizzle-orm";
import { deliveryNotFound } from "./delivery-store";
import { getEndpointOrThrow } from "./endpoint-store";
import { webhookContext } from "./server-context";

/**
 * Deleting what the receiver stored: one delivery, or every delivery of an endpoint. Any member may, like
 * deleting a whole endpoint (which takes its deliveries with it): deliveries are shared debugging data that
 * retention prunes anyway, not records an admin answers for. Attempts of the same retry group that remain
 * still find each other (they share the first attempt's id even when that row is gone).
 */

const BATCH = 5_000;

type Rows = { rows: { id: string }[] };

export async function deleteDelivery(id: number): Promise<void> {
  const { db } = await webhookContext();
  const result = (await db.execute(
    sql`delete from webhook_deliveries where id = ${id}::bigint returning id::text as id`,
  )) as unknown as Rows;
  if (result.rows.length === 0) throw deliveryNotFound();
}

/**
 * Deletes every delivery of an endpoint, in batches so that a full endpoint (10,000 rows) never holds its
 * locks for long, and answers how many went. Clearing is starting over, so the event shapes inferred from
 * those deliveries go too (deleting one delivery leaves them: they describe what was received).
 */
export async function clearEndpointDeliveries(endpointId: string): Promise<{ deleted: number }> {
  const { db } = await webhookContext();
  await getEndpointOrThrow(db, endpointId);
  let deleted = 0;
  for (;;) {
    const batch = (await db.execute(sql`
      delete from webhook_deliveries where id in (
        select id from webhook_deliveries where endpoint_id = ${endpointId}::text limit ${BATCH}::int)
      returning id::text as id
    `)) as unknown as Rows;
    deleted += batch.rows.length;
    if (batch.rows.length < BATCH) break;
  }
  await db.execute(sql`delete from webhook_event_fields where endpoint_id = ${endpointId}::text`);
  await db.execute(sql`delete from webhook_event_shapes where endpoint_id = ${endpointId}::text`);
  return { deleted };
}
