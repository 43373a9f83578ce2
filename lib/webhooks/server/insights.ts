import "server-only";
import { getEndpointOrThrow } from "./endpoint-store";
import { loadEventShapes, type EventShapesAnswer } from "./event-shapes/load";
import type { EventShapesQuery, RetryBehaviourQuery } from "@/lib/webhooks/shared/insight-schemas";
import { summarizeRetries, type RetryBehaviour } from "@/lib/webhooks/shared/retry-behaviour";
import { loadRetryObservations } from "./retry-observations";
import { webhookContext } from "./server-context";

/** The Events and Retries views' API logic (routes: app/api/webhooks/event-shapes, retry-behaviour). */

export async function eventShapes(query: EventShapesQuery): Promise<EventShapesAnswer> {
  const ctx = await webhookContext();
  await getEndpointOrThrow(ctx.db, query.endpoint);
  return loadEventShapes(ctx.db, query.endpoint, query.event);
}

export interface RetryBehaviourAnswer extends RetryBehaviour {
  endpointId: string;
  retryWindowSeconds: number;
}

export async function retryBehaviour(query: RetryBehaviourQuery): Promise<RetryBehaviourAnswer> {
  const ctx = await webhookContext();
  await getEndpointOrThrow(ctx.db, query.endpoint);
  const retryWindowSeconds = ctx.env.WEBHOOK_RETRY_WINDOW_SECONDS;
  const observed = await loadRetryObservations(ctx.db, query.endpoint);
  return {
    endpointId: query.endpoint,
    retryWindowSeconds,
    ...summarizeRetries({ ...observed, now: new Date(), retryWindowSeconds }),
  };
}
