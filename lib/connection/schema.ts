import { z } from "@/lib/zod";
import { isoTimeField } from "@/lib/api/answer-fields";
import { KEY_MAX_LENGTH } from "./values";

/**
 * Settings → Connection's API shapes (`GET /api/connection`, `POST` and `DELETE /api/connection/key`). No
 * secrets here and no server imports: the page's client components read the same types. The key itself
 * appears in no answer: its last four characters at most.
 */

export const saveKeySchema = z.strictObject({
  apiKey: z
    .string({ message: "must be the API key" })
    .trim()
    .min(8, { message: "must be at least 8 characters: paste the whole key" })
    .max(KEY_MAX_LENGTH, { message: `must be at most ${KEY_MAX_LENGTH} characters` })
    .regex(/^\S+$/, { message: "must not contain spaces" }),
});
export type SaveKeyInput = z.infer<typeof saveKeySchema>;

/** What the key's state is, as a member reads it: one of these, with words (connection-state.ts). */
export const CONNECTION_STATES = [
  "works",
  "unauthorized",
  "forbidden",
  "unreachable",
  "plain_http",
  "rate_limited",
  "budget",
  "service_error",
  "not_configured",
  "unreadable",
  "untested",
] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

/** The header's dot: healthy, stale (the last refresh failed, a snapshot is served), failing, or unknown. */
export const HEALTHS = ["healthy", "stale", "failing", "unknown"] as const;
export type Health = (typeof HEALTHS)[number];

export const connectionHealthSchema = z.object({
  health: z.enum(HEALTHS),
  headline: z.string(),
});
export type ConnectionHealth = z.infer<typeof connectionHealthSchema>;

const problemSchema = z.object({
  code: z.string(),
  message: z.string(),
  retryAfterSeconds: z.number().optional(),
});

export const connectionStatusSchema = z.object({
  now: isoTimeField,
  health: z.enum(HEALTHS),
  state: z.object({ kind: z.enum(CONNECTION_STATES), headline: z.string(), detail: z.string() }),
  /** The service's address (no secret); null when unset. */
  baseUrl: z.string().nullable(),
  key: z.object({
    origin: z.enum(["console", "environment"]),
    lastFour: z.string().nullable(),
    hasEnvironmentKey: z.boolean(),
    changes: z.array(
      z.object({
        changedAt: isoTimeField,
        memberEmail: z.string(),
        action: z.enum(["saved", "environment"]),
        lastFour: z.string().nullable(),
      }),
    ),
  }),
  budget: z.object({
    /** Calls made with this key in the last 60 seconds, by every instance. */
    usedLastMinute: z.number().int(),
    /** The console's own ceiling (UPSTREAM_CALLS_PER_MINUTE). */
    ceiling: z.number().int(),
    /** The service's limit per key (spec: 60). */
    serviceLimit: z.number().int(),
    /** A Retry-After the service sent: no call before this time. */
    notBefore: isoTimeField.nullable(),
  }),
  /** When the snapshot is next refreshed (on the first request after it). Null: never called yet. */
  nextRefreshAt: isoTimeField.nullable(),
  snapshot: z.object({
    projects: z.number().int().nullable(),
    fetchedAt: isoTimeField.nullable(),
    attemptedAt: isoTimeField.nullable(),
    ttlSeconds: z.number().int(),
    stale: z.boolean(),
    lastError: problemSchema.nullable(),
  }),
  calls: z.array(
    z.object({
      id: z.number().int(),
      calledAt: isoTimeField,
      status: z.number().int().nullable(),
      outcome: z.string(),
      durationMs: z.number().int(),
      bytes: z.number().int().nullable(),
      retryAfter: z.string().nullable(),
      reason: z.string(),
      instance: z.string(),
      keyLastFour: z.string().nullable(),
    }),
  ),
});
export type ConnectionStatus = z.infer<typeof connectionStatusSchema>;
