import { z } from "@/lib/zod";
import { headerListField } from "@/lib/api/answer-fields";
import { endpointIdSchema, schemeIdSchema } from "../api-schemas";
import { CONNECTION_OWN_HEADERS } from "./forwarded-headers";

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

/** An edited body is at most this many UTF-8 bytes (the receiver's default limit). */
export const REPLAY_EDIT_MAX_BYTES = 1024 * 1024;
/** An edited replay sends at most this many headers. */
export const REPLAY_EDIT_MAX_HEADERS = 100;
export const BODY_FORMATS = ["json", "text"] as const;

/** RFC 9110 token characters: what a header name may be made of. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Visible characters, spaces and tabs: no CR or LF can smuggle a header of its own. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

const editedHeader = z
  .tuple([
    z.string().max(256, { message: "header names are at most 256 characters" }),
    z.string().max(8192, { message: "header values are at most 8192 characters" }),
  ])
  .superRefine(([name, value], ctx) => {
    if (!HEADER_NAME.test(name)) {
      ctx.addIssue({ code: "custom", message: `“${name.slice(0, 60)}” is not a header name` });
    } else if (CONNECTION_OWN_HEADERS.has(name.toLowerCase()) || /^proxy-/i.test(name)) {
      ctx.addIssue({
        code: "custom",
        message: `${name} belongs to the connection, which sets it itself: remove it`,
      });
    }
    if (!HEADER_VALUE.test(value)) {
      ctx.addIssue({
        code: "custom",
        message: `${name.slice(0, 60)}'s value holds a line break or control character`,
      });
    }
  });

/**
 * An edited replay: the body as typed (JSON checked here, so invalid JSON is refused before anything is
 * sent; text sent as typed, UTF-8) and the whole header list to send in place of the forwarded one.
 */
export const replayEditSchema = z
  .object({
    body: z
      .object({
        format: z.enum(BODY_FORMATS, { message: "must be json or text" }),
        text: z.string({ message: "must be a string" }),
      })
      .strict()
      .superRefine(({ format, text }, ctx) => {
        if (new TextEncoder().encode(text).length > REPLAY_EDIT_MAX_BYTES) {
          ctx.addIssue({
            code: "custom",
            path: ["text"],
            message: `must be at most ${REPLAY_EDIT_MAX_BYTES / 1024} KiB`,
          });
          return;
        }
        if (format === "json") {
          const problem = jsonProblem(text);
          if (problem) ctx.addIssue({ code: "custom", path: ["text"], message: problem });
        }
      })
      .optional(),
    headers: z
      .array(editedHeader)
      .max(REPLAY_EDIT_MAX_HEADERS, {
        message: `must be at most ${REPLAY_EDIT_MAX_HEADERS} headers`,
      })
      .optional(),
  })
  .strict();

export type ReplayEdit = z.infer<typeof replayEditSchema>;

/** Why `text` is not JSON, as JSON.parse says it (with its position), or null when it is. */
export function jsonProblem(text: string): string | null {
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    return `is not valid JSON: ${(error as Error).message}`;
  }
}

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
    /**
     * Send an edited copy. With mode `exact` the original signature headers are kept as they are (to see a
     * handler refuse a changed body); with `resign` the edited bytes are signed.
     */
    edit: replayEditSchema.optional(),
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
  sent: {
    headers: [string, string][];
    bodySize: number;
    redactedLeftOut: string[];
    edited: boolean;
  };
  /** The delivery the console's own receiver stored for this replay (linked to the original), if any. */
  storedAs: string | null;
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
      edited: z.boolean(),
    }),
    storedAs: z.string().nullable(),
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
