import type { z } from "@/lib/zod";
import type { answerSequenceSchema } from "./answer-sequence";

/**
 * The service's whole retry path: a failure, an answer slower than its 10 s timeout, a success. Apart from
 * answer-sequence.ts, whose schemas would bring zod to the retries page that offers it.
 */
export const RETRY_PATH_PRESET: z.input<typeof answerSequenceSchema> = {
  steps: [{ status: 500 }, { status: null, delaySeconds: 12 }, { status: 200 }],
  afterLast: "normal",
};
