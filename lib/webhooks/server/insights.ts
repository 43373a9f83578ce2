import "server-only";
import { getEndpointOrThrow } from "./endpoint-store";
import { loadDescribedShapes, loadEventShapes, type EventShapesAnswer } from "./event-shapes/load";
import type {
  EventShapesOpenApiQuery,
  EventShapesQuery,
  RetryBehaviourQuery,
} from "@/lib/webhooks/shared/insight-schemas";
import {
  openApiFilename,
  openApiText,
  webhooksDocument,
} from "@/lib/webhooks/shared/event-shapes/openapi";
import { summarizeRetries, type RetryBehaviour } from "@/lib/webhooks/shared/retry-behaviour";
import { loadRetryObservations } from "./retry-observations";
import { webhookContext } from "./server-context";

/** The Events and Retries views' API logic (routes: app/api/webhooks/event-shapes, retry-behaviour). */

export async function eventShapes(query: EventShapesQuery): Promise<EventShapesAnswer> {
  const ctx = await webhookContext();
  await getEndpointOrThrow(ctx.db, query.endpoint);
  return loadEventShapes(ctx.db, query.endpoint, query.event);
}

/**
 * The endpoint's webhooks as an OpenAPI 3.1 document (lib/webhooks/shared/event-shapes/openapi.ts), as
 * JSON text; as a file to save when `download` is "1".
 */
export async function eventShapesOpenApi(query: EventShapesOpenApiQuery): Promise<Response> {
  const ctx = await webhookContext();
  await getEndpointOrThrow(ctx.db, query.endpoint);
  const generatedAt = new Date();
  const shapes = await loadDescribedShapes(ctx.db, query.endpoint);
  const text = openApiText(webhooksDocument({ endpointId: query.endpoint, shapes, generatedAt }));
  return new Response(text, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "X-Content-Type-Options": "nosniff",
      ...(query.download === "1"
        ? {
            "Content-Disposition": `attachment; filename="${openApiFilename(query.endpoint, generatedAt)}"`,
          }
        : {}),
    },
  });
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
