import { z } from "@/lib/zod";

/** The answers of /api/connection/observed (GET) and /api/connection/observed/check (POST). */

const factKind = z.enum([
  "status_value",
  "field_null",
  "field_empty",
  "field_missing",
  "field_extra",
  "timestamp_format",
  "list_length",
  "page_hint",
  "header",
  "retry_after",
  "http_status",
  "body_kind",
]);

const factRow = z.object({
  kind: factKind,
  value: z.string(),
  sample: z.string().nullable(),
  count: z.number().int(),
  firstSeen: z.string(),
  lastSeen: z.string(),
});

const projectsFacts = z.object({
  answers: z.number().int(),
  onHold: z.array(factRow),
  statusValues: z.array(factRow),
  fields: z.array(factRow),
  list: z
    .object({
      answers: z.number().int(),
      largest: z.number().int(),
      smallest: z.number().int(),
      sameEveryTime: z.boolean(),
      firstSeen: z.string(),
      lastSeen: z.string(),
    })
    .nullable(),
  pageHints: z.array(factRow),
  headers: z.array(factRow),
  retryAfter: z.array(factRow),
  statuses: z.array(factRow.extend({ inSpec: z.boolean() })),
  timestamps: z.array(factRow),
  bodies: z.array(factRow),
});

const onEndpoint = { endpointId: z.string(), endpointName: z.string() };
const seen = { firstSeen: z.string(), lastSeen: z.string() };

const webhookFacts = z.object({
  schemes: z.array(
    z.object({
      ...onEndpoint,
      ...seen,
      scheme: z.string(),
      encoding: z.string().nullable(),
      description: z.string(),
      locked: z.boolean(),
      count: z.number().int(),
    }),
  ),
  retries: z.array(
    z.object({
      ...onEndpoint,
      groups: z.number().int(),
      retriedGroups: z.number().int(),
      maxAttempts: z.number().int(),
      gaps: z.array(
        z.object({ attempt: z.number().int(), medianMs: z.number(), count: z.number().int() }),
      ),
      backoffFactor: z.number().nullable(),
    }),
  ),
  unknownEvents: z.array(
    z.object({ ...onEndpoint, ...seen, event: z.string(), deliveries: z.number().int() }),
  ),
  shapes: z.array(
    z.object({
      ...onEndpoint,
      ...seen,
      events: z.number().int(),
      deliveries: z.number().int(),
    }),
  ),
});

const firstAnswer = z.object({
  note: z.string(),
  shape: z.array(
    z.object({
      path: z.string(),
      kind: z.string(),
      count: z.number().int(),
      example: z.string().nullable(),
    }),
  ),
  truncated: z.boolean(),
});

export const announcedWatchSchema = z.object({
  endpoints: z.array(
    z.object({
      endpoint: z.string(),
      state: z.enum(["available", "not_available", "failed", "unchecked"]),
      lastStatus: z.number().int().nullable(),
      lastNote: z.string().nullable(),
      lastCheckedAt: z.string().nullable(),
      availableSince: z.string().nullable(),
      firstAnswer: firstAnswer.nullable(),
      checks: z.number().int(),
    }),
  ),
  lastRunAt: z.string().nullable(),
  nextDueAt: z.string().nullable(),
  lastOutcome: z.string().nullable(),
  running: z.boolean(),
});

export const observedAnswerSchema = z.object({
  configured: z.boolean(),
  projects: projectsFacts,
  webhooks: webhookFacts,
  announced: announcedWatchSchema,
});

export type ObservedAnswer = z.infer<typeof observedAnswerSchema>;

export const announcedCheckAnswerSchema = z.object({
  /** What this request did: ran the check, or why not (another instance is checking; not configured). */
  outcome: z.enum(["checked", "busy", "not_configured"]),
  checked: z.array(z.string()),
  stoppedBecause: z.string().nullable(),
  announced: announcedWatchSchema,
});
