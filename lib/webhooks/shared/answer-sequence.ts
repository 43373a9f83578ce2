import { z } from "@/lib/zod";
import { CONNECTION_OWN_HEADERS } from "./replay/forwarded-headers";

/**
 * An endpoint's answer sequence: the answers its receiver gives, step by step, to the attempts of one retry
 * group (the same body within the retry window), e.g. "1st: 500, 2nd: hold 12 s, 3rd: 200", then either
 * the last step again or the normal answer. Shared by the API (validation), the receiver and the console.
 */
export const ANSWER_SEQUENCE_LIMITS = {
  steps: 10,
  delaySeconds: 30,
  headers: 10,
  headerValueChars: 1024,
  bodyBytes: 16 * 1024,
} as const;

/** After the last step: give the last step again to every later attempt, or answer normally. */
export const AFTER_LAST_MODES = ["repeat", "normal"] as const;
export type AfterLastMode = (typeof AFTER_LAST_MODES)[number];

/** Statuses whose answer carries no body (the receiver sends none whatever a step says). */
export const NO_BODY_STATUSES: ReadonlySet<number> = new Set([204, 205, 304]);

/** RFC 9110 token characters. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Visible ASCII, space and tab: no CR, LF or NUL (header injection), nothing a Headers object refuses. */
const HEADER_VALUE = /^[\t\x20-\x7e]*$/;

const whole = (label: string, min: number, max: number) =>
  z
    .number({ message: "must be a number" })
    .int({ message: "must be a whole number" })
    .min(min, { message: `must be ${label} from ${min} to ${max}` })
    .max(max, { message: `must be ${label} from ${min} to ${max}` });

const headerSchema = z.tuple([
  z
    .string({ message: "must be a string" })
    .regex(HEADER_NAME, { message: "must be a header name (letters, digits and -)" })
    // The connection and the framing of the answer are the server's: a wrong Content-Length would corrupt
    // the answer, not script it.
    .refine((name) => !CONNECTION_OWN_HEADERS.has(name.toLowerCase()), {
      message: "is set by the server and cannot be scripted",
    }),
  z
    .string({ message: "must be a string" })
    .max(ANSWER_SEQUENCE_LIMITS.headerValueChars, {
      message: `must be at most ${ANSWER_SEQUENCE_LIMITS.headerValueChars} characters`,
    })
    .regex(HEADER_VALUE, {
      message: "must be printable ASCII on one line (no CR, LF or control characters)",
    }),
]);

export const answerStepSchema = z
  .object({
    /**
     * null: the receiver's normal answer (200, or 401 for a bad signature). 1xx cannot end an exchange,
     * so the range starts at 200.
     */
    status: whole("an HTTP status", 200, 599).nullable().default(null),
    /** Seconds the answer is held back (cut short when the sender hangs up). */
    delaySeconds: whole("a delay in seconds", 0, ANSWER_SEQUENCE_LIMITS.delaySeconds).default(0),
    headers: z
      .array(headerSchema)
      .max(ANSWER_SEQUENCE_LIMITS.headers, {
        message: `must have at most ${ANSWER_SEQUENCE_LIMITS.headers} headers`,
      })
      .default([]),
    /** The answer's body as text; null: the receiver's usual JSON answer. */
    body: z
      .string({ message: "must be a string" })
      .refine((body) => Buffer.byteLength(body) <= ANSWER_SEQUENCE_LIMITS.bodyBytes, {
        message: `must be at most ${ANSWER_SEQUENCE_LIMITS.bodyBytes} bytes`,
      })
      .nullable()
      .default(null),
  })
  .strict()
  .refine(
    (step) => step.body === null || step.status === null || !NO_BODY_STATUSES.has(step.status),
    {
      message: "a 204, 205 or 304 answer has no body",
      path: ["body"],
    },
  );

export const answerSequenceSchema = z
  .object({
    steps: z
      .array(answerStepSchema)
      .min(1, { message: "needs at least one step" })
      .max(ANSWER_SEQUENCE_LIMITS.steps, {
        message: `must have at most ${ANSWER_SEQUENCE_LIMITS.steps} steps`,
      }),
    afterLast: z
      .enum(AFTER_LAST_MODES, { message: `must be one of ${AFTER_LAST_MODES.join(", ")}` })
      .default("normal"),
  })
  .strict();

export type AnswerStep = z.output<typeof answerStepSchema>;
export type AnswerSequence = z.output<typeof answerSequenceSchema>;

/**
 * The step that answers attempt `attempt` (1-based) of a retry group, with its 1-based number; null when
 * the sequence is over and answers normally.
 */
export function stepForAttempt(
  sequence: AnswerSequence,
  attempt: number,
): { step: AnswerStep; number: number } | null {
  const { steps } = sequence;
  if (attempt <= steps.length) return { step: steps[attempt - 1]!, number: attempt };
  return sequence.afterLast === "repeat" ? { step: steps.at(-1)!, number: steps.length } : null;
}

/** "500", "hold 12 s", "hold 12 s, then 503", "normal answer": what a step does, in a few words. */
export function describeStep(step: Pick<AnswerStep, "status" | "delaySeconds">): string {
  const answer = step.status === null ? "normal answer" : String(step.status);
  if (!step.delaySeconds) return answer;
  const hold = `hold ${step.delaySeconds} s`;
  return step.status === null ? hold : `${hold}, then ${answer}`;
}

/** "500 → hold 12 s → 200, then answer normally": a whole sequence on one line. */
export function describeSequence(sequence: AnswerSequence): string {
  const steps = sequence.steps.map(describeStep).join(" → ");
  return `${steps}, then ${sequence.afterLast === "repeat" ? "repeat the last step" : "answer normally"}`;
}
