import "server-only";
import { ApiError } from "@/lib/api/errors";
import { DEFAULT_ENDPOINT_ID } from "@/lib/webhooks/shared/constants";
import { ensureDefaultEndpoint, getEndpoint } from "./endpoint-store";
import { loadEventShapes, type EventShapesAnswer } from "./event-shapes/load";
import type { EventShapesQuery, RetryBehaviourQuery } from "@/lib/webhooks/shared/insight-schemas";
import { summarizeRetries, type RetryBehaviour } from "@/lib/webhooks/shared/retry-behaviour";
import { loadRetryObservations } from "./retry-observations";
import { webhookContext, type WebhookContext } from "./server-context";

/** The Events and Retries views' API logic (routes: app/api/webhooks/event-shapes, retry-behaviour). */

async function existingEndpoint(ctx: WebhookContext, id: string): Promise<void> {
  if (id === DEFAULT_ENDPOINT_ID) await ensureDefaultEndpoint(ctx.db);
  else if (!(await getEndpoint(ctx.db, id))) {
    throw new ApiError(404, "not_found", "No webhook endpoint with this id.");
  }
}

export async function eventShapes(query: EventShapesQuery): Promise<EventShapesAnswer> {
  const ctx = await webhookContext();
  await existingEndpoint(ctx, query.endpoint);
  return loadEventShapes(ctx.db, query.endpoint, query.event);
}

export interface RetryBehaviourAnswer extends RetryBehaviour {
  endpointId: string;
  retryWindowSeconds: number;
}

export async function retryBehaviour(query: RetryBehaviourQuery): Promise<RetryBehaviourAnswer> {
  const ctx = await webhookContext();
  await existingEndpoint(ctx, query.endpoint);
  const retryWindowSeconds = ctx.env.WEBHOOK_RETRY_WINDOW_SECONDS;
  const observed = await loadRetryObservations(ctx.db, query.endpoint);
  return {
    endpointId: query.endpoint,
    retryWindowSeconds,
    ...summarizeRetries({ ...observed, now: new Date(), retryWindowSeconds }),
  };
}
