import { z } from "@/lib/zod";
import { WEBHOOK_EVENTS, type WebhookEvent } from "../webhooks/shared/events";
import {
  buildEnvelope,
  DEFAULT_TIMEOUT_MS,
  sendWebhook,
  type DeliveryAttempt,
  type DeliveryResult,
} from "../webhooks/server/sender";
import { DEFAULT_SCHEME, keyFormProblem, parseSchemeId, schemeId } from "../signing";
import { eventData, randomEvent, type PayloadContext } from "../webhooks/shared/sample-payloads";
import { delay } from "../delay";
import { createRandom } from "../sample-data/random";

/** `POST /__sim/webhooks/emit` and `npm run sim -- emit`: what to send, where, how signed. */
export const emitRequestSchema = z
  .strictObject({
    url: z.url({ protocol: /^https?$/, message: "must be an http:// or https:// URL" }),
    secret: z.string({ message: "is required" }).min(1, "must not be empty"),
    event: z
      .enum(WEBHOOK_EVENTS, { message: `must be one of ${WEBHOOK_EVENTS.join(", ")}` })
      .optional(),
    count: z.number().int().min(1).max(1_000).default(1),
    scheme: z
      .string()
      .refine((id) => parseSchemeId(id) !== null, "must be a scheme id such as body/hex/none/raw")
      .default(schemeId(DEFAULT_SCHEME)),
    backoffBaseMs: z.number().int().min(0).max(600_000).optional(),
    timeoutMs: z.number().int().min(1).max(60_000).default(DEFAULT_TIMEOUT_MS),
    /** Replaces the generated `data` (to send a payload of one's own). */
    data: z.record(z.string(), z.unknown()).optional(),
    /** Pause between deliveries (they are sent one after the other, in order). */
    intervalMs: z.number().int().min(0).max(600_000).default(0),
  })
  .superRefine((body, context) => {
    const scheme = parseSchemeId(body.scheme);
    const problem = scheme && keyFormProblem(body.secret, scheme.keyForm);
    if (problem) context.addIssue({ code: "custom", path: ["secret"], message: problem });
  });

export type EmitRequest = z.infer<typeof emitRequestSchema>;

export interface EmitOptions {
  /** A project of the workspace for each delivery, so that payloads point at listed projects. */
  pickProject?: () => PayloadContext["project"];
  signal?: AbortSignal;
  onDelivery?: (delivery: DeliveryResult) => void;
  onAttempt?: (event: WebhookEvent, attempt: DeliveryAttempt) => void;
}

export async function emitDeliveries(
  request: EmitRequest,
  options: EmitOptions = {},
): Promise<{ deliveries: DeliveryResult[] }> {
  const random = createRandom(Date.now() ^ Math.floor(Math.random() * 2 ** 31));
  const deliveries: DeliveryResult[] = [];
  for (let i = 0; i < request.count && !options.signal?.aborted; i++) {
    if (i > 0) await delay(request.intervalMs, options.signal);
    const event = request.event ?? randomEvent(random);
    const data = request.data ?? eventData(event, { random, project: options.pickProject?.() });
    const delivery = await sendWebhook(buildEnvelope(event, data), {
      url: request.url,
      secret: request.secret,
      scheme: request.scheme,
      backoffBaseMs: request.backoffBaseMs,
      timeoutMs: request.timeoutMs,
      signal: options.signal,
      onAttempt: (attempt) => options.onAttempt?.(event, attempt),
    });
    deliveries.push(delivery);
    options.onDelivery?.(delivery);
  }
  return { deliveries };
}
