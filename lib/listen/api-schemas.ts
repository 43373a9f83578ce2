import { z } from "@/lib/zod";
import { headerListField, isoTimeField } from "@/lib/api/answer-fields";

/** Inputs of the listen API (the stream and forwards), validated at the boundary. */

export const FORWARD_BODY_HEAD_BYTES = 64 * 1024;
export const FORWARD_MAX_HEADERS = 100;
const HEADER_NAME_MAX = 256;
const HEADER_VALUE_MAX = 8 * 1024;
const URL_MAX = 2048;

export const sessionName = z
  .string({ message: "must be a string" })
  .min(1, { message: "must not be empty" })
  .max(100, { message: "must be at most 100 characters" })
  .regex(/^[\w.:-]+$/, { message: "may hold letters, digits, _ . : - only" });

const cursor = z
  .string({ message: "must be a string" })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { message: "is not a cursor this API handed out" });

/** `1h`, `30m`, `2d`, `45s`, or an ISO time. */
const SINCE_UNITS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

export function parseSince(value: string, now: Date): Date | null {
  const relative = /^(\d{1,6})([smhd])$/.exec(value);
  if (relative) return new Date(now.getTime() - Number(relative[1]) * SINCE_UNITS[relative[2]!]!);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const list = (max: number, what: string) =>
  z
    .array(
      z
        .string()
        .trim()
        .min(1, { message: `must not hold an empty ${what}` })
        .max(200),
    )
    .max(max, { message: `must list at most ${max} ${what}s` });

export const streamQuerySchema = z
  .object({
    endpoint: list(50, "endpoint"),
    events: list(50, "glob"),
    after: cursor.optional(),
    since: z
      .string()
      .refine((value) => parseSince(value, new Date()) !== null, {
        message: "must be like 30m, 1h, 2d or an ISO time",
      })
      .optional(),
    session: sessionName.default("default"),
  })
  .strict();

/** The stream's query as an object: `endpoint` and `events` repeatable and comma-separated. */
export function streamQueryInput(params: URLSearchParams): Record<string, unknown> {
  const many = (key: string) =>
    params
      .getAll(key)
      .flatMap((value) => value.split(","))
      .filter((value) => value.trim() !== "");
  // Own properties only (see queryObject in lib/api/input.ts): a `__proto__` key is refused by the
  // strict schema rather than setting the object's prototype.
  const input: Record<string, unknown> = Object.fromEntries(
    [...new Set(params.keys())].map((key) => [
      key,
      key === "endpoint" || key === "events" ? many(key) : params.get(key),
    ]),
  );
  input.endpoint ??= [];
  input.events ??= [];
  return input;
}

const base64 = z
  .string({ message: "must be a base64 string" })
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, { message: "must be base64" })
  .refine((value) => Buffer.byteLength(value, "base64") <= FORWARD_BODY_HEAD_BYTES, {
    message: `must hold at most ${FORWARD_BODY_HEAD_BYTES} bytes`,
  });

export const forwardSchema = z
  .object({
    session: sessionName.default("default"),
    cursor,
    url: z
      .string({ message: "must be a string" })
      .max(URL_MAX, { message: `must be at most ${URL_MAX} characters` })
      .refine((value) => URL.canParse(value), { message: "must be an absolute URL" }),
    attempt: z.number().int().min(1).max(100),
    status: z.number().int().min(100).max(599).nullable().optional(),
    headers: z
      .array(z.tuple([z.string().max(HEADER_NAME_MAX), z.string().max(HEADER_VALUE_MAX)]))
      .max(FORWARD_MAX_HEADERS, { message: `must hold at most ${FORWARD_MAX_HEADERS} pairs` })
      .nullable()
      .optional(),
    bodyHead: base64.nullable().optional(),
    durationMs: z.number().int().min(0).max(86_400_000),
    error: z.string().max(500, { message: "must be at most 500 characters" }).nullable().optional(),
    final: z.boolean({ message: "must be true or false" }),
  })
  .strict()
  .refine((f) => f.status != null || f.error != null, {
    message: "needs a status or an error",
  });

export type ForwardInput = z.infer<typeof forwardSchema>;

/** A listener's report as the forwards routes answer it, for the OpenAPI document (lib/api/openapi). */
const forwardViewSchema = z
  .object({
    id: z.string(),
    deliveryId: z.string(),
    session: z.string(),
    memberEmail: z.string(),
    tokenName: z.string().nullable(),
    url: z.string(),
    attempt: z.number().int(),
    status: z.number().int().nullable(),
    headers: headerListField.nullable(),
    bodyHead: z.string().nullable(),
    bodyHeadBase64: z.string().nullable(),
    durationMs: z.number(),
    error: z.string().nullable(),
    final: z.boolean(),
    createdAt: isoTimeField,
  })
  .meta({ id: "Forward" });

/** `POST …/forwards`: the stored report's id. */
export const forwardAnswerSchema = z.object({ forward: z.object({ id: z.number().int() }) });
export const forwardsAnswerSchema = z.object({ forwards: z.array(forwardViewSchema) });

export const listenersAnswerSchema = z.object({
  listeners: z.array(
    z.object({
      id: z.number().int(),
      session: z.string(),
      mine: z.boolean(),
      memberEmail: z.string(),
      memberName: z.string().nullable(),
      tokenName: z.string().nullable(),
      endpointIds: z.array(z.string()),
      events: z.array(z.string()),
      connected: z.boolean(),
      connectedAt: isoTimeField.nullable(),
      lastSeenAt: isoTimeField.nullable(),
    }),
  ),
});
