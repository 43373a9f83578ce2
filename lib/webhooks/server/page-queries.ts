import "server-only";
import { parseQuery } from "@/lib/api/input";
import type { PrefetchedQuery } from "@/lib/query-prefetch";
import type { z } from "@/lib/zod";
import { searchParamsOf } from "@/lib/webhooks/browser/console-client";
import { insightQueries } from "@/lib/webhooks/browser/insight-queries";
import {
  DELIVERY_PAGE_SIZE,
  inspectorQueries,
  type ListFilters,
} from "@/lib/webhooks/browser/inspector-queries";
import { listParams } from "@/lib/webhooks/browser/use-inspector-view";
import {
  deliveriesQuerySchema,
  deliveryCountsQuerySchema,
} from "@/lib/webhooks/shared/api-schemas";
import {
  eventShapesQuerySchema,
  retryBehaviourQuerySchema,
} from "@/lib/webhooks/shared/insight-schemas";
import { deliveryCounts, endpointList, listDeliveriesPage } from "./console";
import { eventShapes, retryBehaviour } from "./insights";

/**
 * What the webhook pages render with, read on the server under their browser queries' keys
 * (lib/query-prefetch.ts). Each read is what the query's route answers: the route's function, given the
 * search params the browser would send, parsed by the route's own schema. A view the route refuses is left
 * to the browser, which then shows the route's error.
 */

function routeAnswer<Schema extends z.ZodType>(
  schema: Schema,
  params: object,
  answer: (query: z.infer<Schema>) => Promise<unknown>,
): () => Promise<unknown> {
  return async () => answer(parseQuery(schema, searchParamsOf(params)));
}

/** The endpoints, for the pages' endpoint picker and the inspector's receiver URL. */
export function endpointsPrefetch(): PrefetchedQuery {
  return {
    queryKey: inspectorQueries.endpoints().queryKey,
    read: async () => (await endpointList()).endpoints,
  };
}

export function eventShapesPrefetch(endpoint: string, event: string): PrefetchedQuery {
  return {
    queryKey: insightQueries.eventShapes(endpoint, event).queryKey,
    read: routeAnswer(eventShapesQuerySchema, { endpoint, event }, eventShapes),
  };
}

export function retryBehaviourPrefetch(endpoint: string): PrefetchedQuery {
  return {
    queryKey: insightQueries.retryBehaviour(endpoint).queryKey,
    read: routeAnswer(retryBehaviourQuerySchema, { endpoint }, retryBehaviour),
  };
}

/** The inspector list's first page (the infinite query's data: one page, read from the newest). */
export function deliveriesPrefetch(filters: ListFilters): PrefetchedQuery {
  const read = routeAnswer(
    deliveriesQuerySchema,
    { ...listParams(filters), limit: DELIVERY_PAGE_SIZE },
    listDeliveriesPage,
  );
  return {
    queryKey: inspectorQueries.deliveries(filters).queryKey,
    read: async () => ({ pages: [await read()], pageParams: [null] }),
  };
}

/** The inspector's filter counts. */
export function deliveryCountsPrefetch(filters: ListFilters): PrefetchedQuery {
  return {
    queryKey: inspectorQueries.counts(filters).queryKey,
    read: routeAnswer(deliveryCountsQuerySchema, listParams(filters), deliveryCounts),
  };
}
