import "server-only";
import { replayLinks } from "./replay/replay-links";
import { ApiError } from "@/lib/api/errors";
import type { z } from "@/lib/zod";
import type {
  createEndpointSchema,
  DeliveriesQuery,
  DeliveryCountsQuery,
  updateEndpointSchema,
} from "@/lib/webhooks/shared/api-schemas";
import { DEFAULT_ENDPOINT_ID } from "@/lib/webhooks/shared/constants";
import { encodeCursor } from "./cursor";
import {
  countDeliveries,
  CursorError,
  getDeliveryOrThrow,
  listDeliveries,
  listRetryGroup,
  type DeliveryCounts,
  type DeliveryFilters,
} from "./delivery-store";
import { headerOrderOnThisDeployment } from "@/lib/http/edge-facts";
import { toDeliveryDetail, toDeliverySummary, type DeliverySummary } from "./delivery-view";
import {
  createEndpoint,
  deleteEndpoint,
  endpointNotFound,
  getEndpointOrThrow,
  listEndpoints,
  toEndpointView,
  updateEndpoint,
  type EndpointView,
} from "./endpoint-store";
import { webhookContext } from "./server-context";

/**
 * The webhook console's API logic. The routes under app/api/webhooks are `consoleRoute`s (lib/api/handler.ts):
 * they check the member and parse the input with the schemas of ./api-schemas.ts, then call these.
 */

export interface DeliveriesPage {
  deliveries: DeliverySummary[];
  /**
   * With `after=`: the cursor for the next poll (the same one when nothing arrived). Otherwise: the cursor
   * for the next older page, or null at the oldest delivery.
   */
  nextCursor: string | null;
  /** More deliveries remain in the direction asked (older; or newer, for `after=`). */
  hasMore: boolean;
}

export function deliveryFilters(query: DeliveryCountsQuery): DeliveryFilters {
  return {
    endpointId: query.endpoint,
    event: query.event,
    verification: query.verification,
    since: query.since ? new Date(query.since) : undefined,
    until: query.until ? new Date(query.until) : undefined,
    q: query.q,
  };
}

export async function listDeliveriesPage(query: DeliveriesQuery): Promise<DeliveriesPage> {
  const { db } = await webhookContext();
  try {
    const { rows, hasMore } = await listDeliveries(db, {
      ...deliveryFilters(query),
      before: query.before,
      after: query.after,
      limit: query.limit,
    });
    const deliveries = rows.map(toDeliverySummary);
    const newest = rows[0];
    const oldest = rows.at(-1);
    const nextCursor = query.after
      ? newest
        ? encodeCursor(newest)
        : query.after
      : hasMore && oldest
        ? encodeCursor(oldest)
        : null;
    return { deliveries, nextCursor, hasMore };
  } catch (error) {
    if (error instanceof CursorError)
      throw new ApiError("invalid_cursor", `Invalid query: ${error.message}.`);
    throw error;
  }
}

/** Facet counts for the inspector's filters (delivery-store.ts countDeliveries). */
export async function deliveryCounts(query: DeliveryCountsQuery): Promise<DeliveryCounts> {
  const { db } = await webhookContext();
  return countDeliveries(db, deliveryFilters(query));
}

export async function deliveryDetail(id: number) {
  const { db } = await webhookContext();
  const row = await getDeliveryOrThrow(db, id);
  return {
    ...toDeliveryDetail(row, await listRetryGroup(db, row)),
    headerOrder: headerOrderOnThisDeployment(),
    replayLinks: await replayLinks(db, id),
  };
}

export async function endpointList(): Promise<{ endpoints: EndpointView[] }> {
  const { db, settings } = await webhookContext();
  const rows = await listEndpoints(db);
  return { endpoints: rows.map((row) => toEndpointView(row, settings)) };
}

export async function endpointDetail(id: string): Promise<EndpointView> {
  const { db, settings } = await webhookContext();
  return toEndpointView(await getEndpointOrThrow(db, id), settings);
}

export async function addEndpoint(
  input: z.infer<typeof createEndpointSchema>,
): Promise<EndpointView> {
  const { db, settings } = await webhookContext();
  const row = await createEndpoint(db, settings.box, input);
  return toEndpointView(row, settings);
}

export async function changeEndpoint(
  id: string,
  patch: z.infer<typeof updateEndpointSchema>,
): Promise<EndpointView> {
  const { db, settings } = await webhookContext();
  const row = await updateEndpoint(db, settings.box, id, patch, { envSecret: settings.envSecret });
  if (!row) throw endpointNotFound();
  return toEndpointView(row, settings);
}

export async function removeEndpoint(id: string): Promise<void> {
  if (id === DEFAULT_ENDPOINT_ID) {
    throw new ApiError("default_endpoint");
  }
  const { db } = await webhookContext();
  if (!(await deleteEndpoint(db, id))) throw endpointNotFound();
}
