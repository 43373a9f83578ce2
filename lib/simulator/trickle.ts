import type { WebhookEvent } from "../webhooks/shared/events";
import { buildEnvelope, sendWebhook, type DeliveryResult } from "../webhooks/server/sender";
import type { SimContext } from "./context";
import { formatTimestamp } from "../sample-data/people";
import { delay } from "../delay";
import { eventData, randomEvent } from "../webhooks/shared/sample-payloads";
import { createRandom } from "../sample-data/random";
import { DEFAULT_WORKSPACE } from "./workspaces";

/**
 * A steady trickle of realistic, signed deliveries (the demo's): one event every few seconds about a listed
 * project. Project events also change the simulated data, so the projects table and the webhook console
 * tell the same story (project.created adds, project.updated touches, project.completed retires a project).
 */
export interface TrickleOptions {
  url: string;
  secret: string;
  minGapMs?: number;
  maxGapMs?: number;
  onDelivery?: (delivery: DeliveryResult) => void;
}

function applyToData(ctx: SimContext, event: WebhookEvent, data: Record<string, unknown>): void {
  const id = String(data.project_id);
  const now = formatTimestamp(ctx.now());
  if (event === "project.created") {
    ctx.store.add(DEFAULT_WORKSPACE, {
      id,
      name: String(data.name),
      address: String(data.address),
      town: String(data.town),
      client_name: String(data.client_name),
      state: "active",
      created_at: now,
      updated_at: now,
    });
  } else if (event === "project.updated") {
    ctx.store.update(DEFAULT_WORKSPACE, id, { updated_at: now });
  } else if (event === "project.completed") {
    ctx.store.update(DEFAULT_WORKSPACE, id, { state: "completed", updated_at: now });
  }
}

/** Runs until `signal` aborts. */
export async function runTrickle(
  ctx: SimContext,
  options: TrickleOptions,
  signal: AbortSignal,
): Promise<void> {
  const random = createRandom(Date.now());
  const minGap = options.minGapMs ?? 3_000;
  const maxGap = options.maxGapMs ?? 9_000;
  while (!signal.aborted) {
    const event = randomEvent(random);
    // A project.created event is about a new project, so it gets no existing one.
    const project = event === "project.created" ? undefined : ctx.store.randomListed();
    const data = eventData(event, { random, project, now: ctx.now() });
    applyToData(ctx, event, data);
    const delivery = await sendWebhook(buildEnvelope(event, data), {
      url: options.url,
      secret: options.secret,
      backoffBaseMs: 2_000,
      signal,
    });
    options.onDelivery?.(delivery);
    await delay(random.int(minGap, maxGap), signal);
  }
}
