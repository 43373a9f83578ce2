import { z } from "@/lib/zod";
import { parseFieldMatch, type FieldMatch } from "./field-match";

export { fieldsMatch, parseFieldMatch, type FieldMatch } from "./field-match";

/**
 * "Wait for a delivery" (`GET /api/webhooks/deliveries/wait`, `project-console wait`, the MCP tool): its
 * bounds and its query (the `match=` conditions: field-match.ts).
 */

/**
 * The route's `maxDuration` on Vercel (seconds): the same limit as the listen stream's, the longest a
 * function may run on every plan with fluid compute.
 */
export const WAIT_MAX_DURATION_SECONDS = 300;
/** The longest wait one call may ask for: 20 s short of the function limit, for the reads around it. */
export const WAIT_TIMEOUT_MAX_SECONDS = WAIT_MAX_DURATION_SECONDS - 20;
export const WAIT_TIMEOUT_DEFAULT_SECONDS = 30;
/** `match=` conditions one call may give (all must hold). */
export const WAIT_MAX_MATCHES = 20;

const matchCondition = z.string().transform((text, context): FieldMatch => {
  const parsed = parseFieldMatch(text);
  if (typeof parsed === "string") {
    context.addIssue({ code: "custom", message: parsed });
    return z.NEVER;
  }
  return parsed;
});

const oneName = z
  .string({ message: "must be given once" })
  .trim()
  .min(1, { message: "must not be empty" })
  .max(200)
  .optional();

/**
 * `GET /api/webhooks/deliveries/wait`. `match` is repeatable (every condition must hold); `timeout` in
 * whole seconds.
 */
export const waitQuerySchema = z
  .object({
    /** A name or the stream's glob (`task.*`). */
    event: oneName,
    /** An endpoint's id or name. */
    endpoint: oneName,
    match: z
      .preprocess(
        (value) => (typeof value === "string" ? [value] : value),
        z
          .array(matchCondition)
          .max(WAIT_MAX_MATCHES, { message: `may be given at most ${WAIT_MAX_MATCHES} times` }),
      )
      .default([]),
    after: z
      .string({ message: "must be given once" })
      .regex(/^[A-Za-z0-9_-]{1,64}$/, { message: "is not a cursor this API handed out" })
      .optional(),
    timeout: z.coerce
      .number({ message: "must be a number of seconds" })
      .int({ message: "must be a whole number of seconds" })
      .min(1, { message: "must be at least 1 second" })
      .max(WAIT_TIMEOUT_MAX_SECONDS, {
        message: `must be at most ${WAIT_TIMEOUT_MAX_SECONDS} seconds (wait again with the cursor for longer)`,
      })
      .default(WAIT_TIMEOUT_DEFAULT_SECONDS),
  })
  .strict();

export type WaitQuery = z.infer<typeof waitQuerySchema>;
