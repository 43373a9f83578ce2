import { z } from "@/lib/zod";
import { parseSchemeId } from "@/lib/signing/schemes";
import { ENDPOINT_ID_PATTERN, VERIFICATION_RESULTS } from "./constants";
import { WEBHOOK_EVENTS } from "./events";
import {
  ANSWER_SEQUENCE_LIMITS,
  answerSequenceSchema,
  answerStepSchema,
  type AnswerSequence,
} from "./answer-sequence";
import { parseDeliverySearch } from "./field-search";

/**
 * Inputs of the webhook console's API (endpoints and deliveries), validated at the boundary. Shared with the
 * inspector's client code, so the browser and the route agree on every field.
 */
const name = z
  .string({ message: "must be a string" })
  .trim()
  .min(1, { message: "must not be empty" })
  .max(100, { message: "must be at most 100 characters" });

/** Signing secrets: printable, no surrounding whitespace (a pasted newline would never match). */
const secret = z
  .string({ message: "must be a string" })
  .min(8, { message: "must be at least 8 characters" })
  .max(512, { message: "must be at most 512 characters" })
  .regex(/^\S(.*\S)?$/, { message: "must not start or end with whitespace" });

const rateLimit = z
  .number({ message: "must be a number" })
  .int({ message: "must be a whole number" })
  .min(1, { message: "must be at least 1" })
  .max(1_000_000, { message: "must be at most 1000000" });

/**
 * The earlier scripted answer, `{ status?, hangSeconds?, count }`, still accepted (docs/webhooks.md promised
 * it): `count` steps of that answer, then the normal answer, by attempt within each retry group.
 */
const legacyScriptSchema = z
  .object({
    status: answerStepSchema.shape.status,
    hangSeconds: answerStepSchema.shape.delaySeconds.nullable().default(null),
    count: z
      .number({ message: "must be a number" })
      .int({ message: "must be a whole number" })
      .min(1, { message: "must be at least 1" })
      .max(ANSWER_SEQUENCE_LIMITS.steps, {
        message: `must be at most ${ANSWER_SEQUENCE_LIMITS.steps} (an answer sequence's steps)`,
      }),
  })
  .strict()
  .refine((s) => s.status !== null || s.hangSeconds !== null, {
    message: "needs a status, hangSeconds, or both",
  })
  .transform((s): AnswerSequence => ({
    steps: Array.from({ length: s.count }, () => ({
      status: s.status,
      delaySeconds: s.hangSeconds ?? 0,
      headers: [],
      body: null,
    })),
    afterLast: "normal",
  }));

export const createEndpointSchema = z
  .object({
    name,
    secret: secret.optional(),
    acceptInvalidSignatures: z.boolean({ message: "must be true or false" }).optional(),
    rateLimitPerMinute: rateLimit.nullable().optional(),
  })
  .strict();

export const updateEndpointSchema = z
  .object({
    name: name.optional(),
    secret: secret.nullable().optional(),
    acceptInvalidSignatures: z.boolean({ message: "must be true or false" }).optional(),
    rateLimitPerMinute: rateLimit.nullable().optional(),
    answerSequence: answerSequenceSchema.nullable().optional(),
    script: legacyScriptSchema.nullable().optional(),
    resetSchemeLock: z.literal(true, { message: "must be true when given" }).optional(),
    forgetPreviousSecret: z.literal(true, { message: "must be true when given" }).optional(),
  })
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { message: "names nothing to change" })
  .refine((patch) => patch.answerSequence === undefined || patch.script === undefined, {
    message: "give answerSequence or script (its older form), not both",
  })
  .transform(({ script, ...patch }) =>
    script === undefined ? patch : { ...patch, answerSequence: script },
  );

/** A signature scheme id such as `timestamp.body/base64/sha256=/raw` (test sends and re-signed replays). */
export const schemeIdSchema = z.string().refine((id) => parseSchemeId(id) !== null, {
  message: "must be a signature scheme id such as body/hex/none/raw",
});

/** `POST /api/webhooks/endpoints/<id>/test-delivery`: which event to send; the scheme defaults to the endpoint's locked one. */
export const testDeliverySchema = z
  .object({
    event: z.enum(WEBHOOK_EVENTS).default("task.completed"),
    scheme: schemeIdSchema.optional(),
  })
  .strict();

export const endpointIdSchema = z
  .string()
  .regex(ENDPOINT_ID_PATTERN, { message: "is not a valid endpoint id" });

const isoTime = z.iso.datetime({ offset: true, message: "must be an ISO 8601 time" });

/**
 * The filters a list of deliveries and its counts share. `event=unknown` asks for deliveries whose event is
 * none of the spec's nine (another name, or no event at all: not JSON, no envelope).
 */
const deliveryFilterFields = {
  endpoint: endpointIdSchema.optional(),
  event: z.string().min(1).max(200).optional(),
  verification: z
    .enum(VERIFICATION_RESULTS, { message: `must be one of ${VERIFICATION_RESULTS.join(", ")}` })
    .optional(),
  since: isoTime.optional(),
  until: isoTime.optional(),
  /** Text and field conditions (field-search.ts); bad syntax is a 400 saying what is wrong. */
  q: z
    .string()
    .min(1, { message: "must not be empty" })
    .max(200)
    .superRefine((line, context) => {
      const search = parseDeliverySearch(line);
      if (typeof search === "string") context.addIssue({ code: "custom", message: search });
    })
    .optional(),
};

const sinceNotAfterUntil = {
  check: (q: { since?: string; until?: string }) =>
    !(q.since && q.until) || Date.parse(q.since) <= Date.parse(q.until),
  params: { message: "since must not be later than until", path: ["since"] },
};

export const deliveriesQuerySchema = z
  .object({
    ...deliveryFilterFields,
    before: z.string().min(1).max(64).optional(),
    after: z.string().min(1).max(64).optional(),
    limit: z.coerce
      .number({ message: "must be a number" })
      .int({ message: "must be a whole number" })
      .min(1, { message: "must be at least 1" })
      .max(200, { message: "must be at most 200" })
      .default(50),
  })
  .strict()
  .refine((q) => !(q.before && q.after), {
    message: "use either before or after, not both",
    path: ["after"],
  })
  .refine(sinceNotAfterUntil.check, sinceNotAfterUntil.params);

/** `GET /api/webhooks/deliveries/counts`: the same filters as the list, no paging. */
export const deliveryCountsQuerySchema = z
  .object(deliveryFilterFields)
  .strict()
  .refine(sinceNotAfterUntil.check, sinceNotAfterUntil.params);

export type DeliveryCountsQuery = z.infer<typeof deliveryCountsQuerySchema>;

export type DeliveriesQuery = z.infer<typeof deliveriesQuerySchema>;

export const deliveryIdSchema = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, { message: "is not a delivery id" })
  .transform(Number);

/** The `[id]` segment of the endpoint routes. */
export const endpointParamsSchema = z.object({ id: endpointIdSchema });

/** The `[id]` segment of the delivery route. */
export const deliveryParamsSchema = z.object({ id: deliveryIdSchema });

/** The `[endpointId]` segment of an endpoint's receiver address (documented; the receiver reads it itself). */
export const receiverParamsSchema = z.object({ endpointId: endpointIdSchema });

/** `POST /api/webhooks/endpoints/<id>/sign`: the bytes to sign (its limit: SIGN_BODY_LIMIT, server/endpoint-signing.ts). */
export const signBodySchema = z
  .object({
    /** The exact bytes to sign, base64 (up to about 1.1 MiB of body within SIGN_BODY_LIMIT). */
    bodyBase64: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, { message: "must be base64" }),
  })
  .strict();
