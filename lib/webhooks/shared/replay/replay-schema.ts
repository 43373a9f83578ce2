import { z } from "zod";
import { headerListField } from "@/lib/api/answer-fields";
import { endpointIdSchema, schemeIdSchema } from "../api-schemas";

/**
 * `POST /api/webhooks/deliveries/<id>/replay`: where to send a stored delivery again, and how. Shared by the
 * route and the replay dialog. The secret of an endpoint is named, never sent: `{ kind: "endpoint" }` signs
 * with the delivery's own endpoint's secret (or `endpointId`'s), on the server.
 */
export const REPLAY_MODES = ["exact", "resign"] as const;
export type ReplayMode = (typeof REPLAY_MODES)[number];

const secretSource = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("endpoint"), endpointId: endpointIdSchema.optional() }).strict(),
    z
      .object({
        kind: z.literal("custom"),
        value: z
          .string({ message: "must be a string" })
          .min(1, { message: "must not be empty" })
          .max(512, { message: "must be at most 512 characters" }),
      })
      .strict(),
  ],
  { message: 'must be { "kind": "endpoint" } or { "kind": "custom", "value": "…" }' },
);

export const replayRequestSchema = z
  .object({
    url: z
      .string({ message: "must be a string" })
      .min(1, { message: "must not be empty" })
      .max(2048, { message: "must be at most 2048 characters" }),
    mode: z.enum(REPLAY_MODES, { message: "must be exact or resign" }).default("exact"),
    /** For `resign`: default the delivery's own endpoint's secret. */
    secret: secretSource.optional(),
    /** For `resign`: a scheme id such as `timestamp.body/base64/sha256=/raw`; default as received. */
    scheme: schemeIdSchema.optional(),
  })
  .strict()
  .refine((input) => input.mode === "resign" || (!input.secret && !input.scheme), {
    message: "secret and scheme are for mode resign only",
    path: ["mode"],
  });

export type ReplayRequest = z.infer<typeof replayRequestSchema>;
/** What the browser sends (defaults not yet applied). */
export type ReplayInput = z.input<typeof replayRequestSchema>;

/** What the replay dialog shows: what was sent, and the answer (or why there was none). */
export interface ReplayResult {
  url: string;
  /** The address connected to (the one checked). */
  address: string;
  /** Why a private address was allowed: this console's receiver, or ALLOW_PRIVATE_REPLAY_TARGETS. */
  exemption: "own-receiver" | "allow-flag" | null;
  mode: ReplayMode;
  /** The scheme signed with, for `resign`. */
  scheme: string | null;
  sent: { headers: [string, string][]; bodySize: number; redactedLeftOut: string[] };
  /** Milliseconds from connecting to the end of the answer read. */
  ms: number;
  answer: {
    status: number;
    statusText: string;
    headers: [string, string][];
    /** A redirect's target, shown and never followed. */
    location: string | null;
    body: { text: string; size: number; truncated: boolean; utf8: boolean };
  } | null;
  /** Why no answer came (timeout, connection refused…). */
  error: string | null;
}

/** The answer's body is shown up to this many bytes. */
export const REPLAY_ANSWER_MAX_BYTES = 64 * 1024;

/** The replay route's answer (`{ replay: ReplayResult }`), for the OpenAPI document (lib/api/openapi). */
export const replayAnswerSchema = z.object({
  replay: z.object({
    url: z.string(),
    address: z.string(),
    exemption: z.enum(["own-receiver", "allow-flag"]).nullable(),
    mode: z.enum(REPLAY_MODES),
    scheme: z.string().nullable(),
    sent: z.object({
      headers: headerListField,
      bodySize: z.number().int(),
      redactedLeftOut: z.array(z.string()),
    }),
    ms: z.number(),
    answer: z
      .object({
        status: z.number().int(),
        statusText: z.string(),
        headers: headerListField,
        location: z.string().nullable(),
        body: z.object({
          text: z.string(),
          size: z.number().int(),
          truncated: z.boolean(),
          utf8: z.boolean(),
        }),
      })
      .nullable(),
    error: z.string().nullable(),
  }),
});
