import { z } from "@/lib/zod";
import { headerListField, isoTimeField } from "@/lib/api/answer-fields";
import { AFTER_LAST_MODES } from "./answer-sequence";
import { VERIFICATION_RESULTS } from "./constants";

/**
 * What the webhook console's API answers, as zod schemas: the routes name them (`consoleRoute({ answer })`,
 * which makes the handler's answer fit them at compile time) and the OpenAPI document (lib/api/openapi) is
 * generated from them. Never run against an answer in production; tests/unit/openapi-answers.test.ts checks
 * real answers against the document. The inputs are in ./api-schemas.ts.
 *
 * Where an answer nests a structure that the inspector alone interprets (a diagnosis's checks, an event's
 * field tree, the retry statistics), the schema names its top level and leaves the inner objects open
 * (`z.looseObject({})`): documented as objects, not promised field by field.
 */

const isoTime = isoTimeField;
const open = z.looseObject({});
const headerListSchema = headerListField;
const verificationResult = z.enum(VERIFICATION_RESULTS);

export const findingSchema = z.object({ code: z.string(), message: z.string() });

export const deliverySummarySchema = z
  .object({
    id: z.string(),
    cursor: z
      .string()
      .meta({ description: "This delivery's position: usable as `before=` or `after=`." }),
    endpointId: z.string(),
    receivedAt: isoTime,
    method: z.string(),
    contentType: z.string().nullable(),
    size: z.number().int(),
    sha256: z.string(),
    preview: z.string().nullable(),
    event: z.string().nullable(),
    verification: z.object({
      result: verificationResult,
      scheme: z.string().nullable(),
      schemeMismatch: z.boolean(),
    }),
    findingCount: z.number().int(),
    attempt: z.object({
      number: z.number().int(),
      firstId: z.string().nullable(),
      gapMs: z.number().nullable(),
    }),
    response: z.object({ status: z.number().int(), scripted: z.boolean() }),
    forwarded: z.boolean(),
  })
  .meta({ id: "DeliverySummary" });

export const deliveriesPageSchema = z.object({
  deliveries: z.array(deliverySummarySchema),
  nextCursor: z.string().nullable().meta({
    description:
      "With `after=`: the cursor for the next poll. Otherwise: the `before=` of the next older page, null at the oldest.",
  }),
  hasMore: z.boolean(),
});

const answerStepRefSchema = z
  .object({ number: z.number().int(), of: z.number().int() })
  .nullable()
  .meta({
    description: "The endpoint's answer-sequence step that answered (step `number` of `of`).",
  });

export const deliveryDetailSchema = deliverySummarySchema
  .extend({
    findings: z.array(findingSchema),
    query: z.string(),
    headers: headerListSchema,
    headerOrder: z.enum(["as-received", "sorted"]).optional(),
    replayLinks: z
      .object({
        replayOf: z.object({ id: z.string(), edited: z.boolean() }).nullable(),
        replays: z.array(z.object({ id: z.string(), edited: z.boolean(), receivedAt: isoTime })),
      })
      .optional()
      .meta({
        description:
          "The delivery this one replays, and its replays stored here (the detail answer only).",
      }),
    clientAddress: z.string().nullable(),
    verification: deliverySummarySchema.shape.verification.extend({
      signedTimestamp: z.string().nullable(),
    }),
    response: deliverySummarySchema.shape.response.extend({
      hangSeconds: z.number().nullable(),
      step: answerStepRefSchema,
    }),
    body: z.object({
      encoding: z.enum(["utf8", "base64"]),
      content: z
        .string()
        .meta({ description: "The exact bytes: text when valid UTF-8, else base64." }),
    }),
    decodedBody: z
      .object({
        contentEncoding: z.literal("gzip"),
        encoding: z.enum(["utf8", "base64"]),
        content: z.string(),
        size: z.number().int(),
      })
      .nullable(),
    retryGroup: z.array(
      z.object({
        id: z.string(),
        attempt: z.number().int(),
        receivedAt: isoTime,
        gapMs: z.number().nullable(),
        status: z.number().int(),
        hangSeconds: z.number().int().nullable(),
        step: answerStepRefSchema,
        verification: verificationResult,
      }),
    ),
  })
  .meta({ id: "DeliveryDetail" });

export const deliveryAnswerSchema = z.object({ delivery: deliveryDetailSchema });

export const deliveryCountsSchema = z.object({
  total: z.number().int(),
  events: z.record(z.string(), z.number().int()),
  verification: z.record(verificationResult, z.number().int()),
});

const answerSequenceViewSchema = z
  .object({
    steps: z.array(
      z.object({
        status: z.number().int().nullable(),
        delaySeconds: z.number().int(),
        headers: headerListSchema,
        body: z.string().nullable(),
      }),
    ),
    afterLast: z.enum(AFTER_LAST_MODES),
  })
  .meta({ id: "AnswerSequence" });

export const endpointSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    path: z
      .string()
      .meta({ description: "The receiver URL's path, to prefix with the console's origin." }),
    secret: z.object({
      set: z.boolean(),
      source: z.enum(["console", "environment"]).nullable(),
      fingerprint: z.string().nullable(),
    }),
    previousSecret: z
      .object({ fingerprint: z.string().nullable(), replacedAt: isoTime, expiresAt: isoTime })
      .nullable(),
    lockedScheme: z.string().nullable(),
    lockedAt: isoTime.nullable(),
    acceptInvalidSignatures: z.boolean(),
    rateLimitPerMinute: z.number().int(),
    rateLimitOverride: z.number().int().nullable(),
    answerSequence: answerSequenceViewSchema.nullable(),
    createdAt: isoTime,
    updatedAt: isoTime,
  })
  .meta({ id: "Endpoint" });

export const endpointListSchema = z.object({ endpoints: z.array(endpointSchema) });
export const endpointAnswerSchema = z.object({ endpoint: endpointSchema });
export const clearedDeliveriesSchema = z.object({ deleted: z.number().int() });

export const signedBodySchema = z.object({ scheme: z.string(), headers: headerListSchema });

export const testDeliveryAnswerSchema = z.object({
  result: z.object({
    event: z.string(),
    body: z.string(),
    scheme: z.string(),
    attempts: z.array(
      z.object({
        n: z.number().int(),
        status: z.number().int().optional(),
        error: z.string().optional(),
        ms: z.number(),
        startedAt: isoTime,
      }),
    ),
    delivered: z.boolean(),
  }),
});

export const diagnosisAnswerSchema = z.object({
  diagnosis: z.object({
    cause: z.string(),
    tone: z.enum(["success", "warning", "destructive", "muted"]),
    sentence: z.string(),
    headers: z.array(open),
    checks: z.array(open),
    conventions: z.array(open),
  }),
});

const shapeRow = {
  event: z.string(),
  deliveries: z.number().int(),
  firstSeen: isoTime,
  lastSeen: isoTime,
  droppedFields: z.number().int(),
  truncatedDeliveries: z.number().int(),
  documented: z.boolean(),
};

export const eventShapesAnswerSchema = z.object({
  endpointId: z.string(),
  events: z.array(
    z.object({
      ...shapeRow,
      fieldCount: z.number().int(),
      specDifferences: z.number().int(),
      changes: z.number().int(),
    }),
  ),
  shape: z.object({ ...shapeRow, fields: z.array(open) }).nullable(),
});

export const retryBehaviourAnswerSchema = z.object({
  endpointId: z.string(),
  retryWindowSeconds: z.number(),
  groups: z.number().int(),
  retriedGroups: z.number().int(),
  attemptsPerGroup: z.array(z.object({ attempts: z.number().int(), groups: z.number().int() })),
  maxAttempts: z.number().int(),
  gaps: z.array(open),
  backoffFactor: z.number().nullable(),
  resentAfterSuccess: z.number().int(),
  answers: z.array(open),
  afterDelays: z.array(open),
  recentGroups: z.array(open),
});

/** The receiver's answer to a stored delivery (unless the endpoint's answer sequence gives a body). */
export const receiverAnswerSchema = z.object({
  received: z.literal(true),
  id: z.string().meta({ description: "The stored delivery's id." }),
  attempt: z.number().int(),
  scripted: z.literal(true).optional(),
  step: z
    .number()
    .int()
    .optional()
    .meta({ description: "The answer-sequence step that answered, when one did." }),
});

/** `GET /api/webhooks/deliveries/wait`: the first matching delivery, and its cursor to wait for the next. */
export const waitAnswerSchema = z.object({
  delivery: deliveryDetailSchema,
  cursor: z
    .string()
    .meta({ description: "This delivery's place: `after=` it waits for the next one." }),
});
