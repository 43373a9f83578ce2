import { z } from "@/lib/zod";
import { projectSchema } from "../projects/schema";

/**
 * Faults queued by `POST /__sim/faults`; each applies to the next `count` API requests that pass
 * authentication and the rate limit (whatever the key), first queued first served.
 */
const count = z.number().int().min(1).max(100_000).default(1);
const projectField = projectSchema.keyof();

export const faultSchema = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("status"),
    count,
    status: z.number().int().min(400).max(599),
    /** The `error` text of the body; a standard one per status by default. */
    error: z.string().optional(),
    /** Sent as Retry-After when given (useful with 429 and 503). */
    retryAfter: z.number().int().min(0).optional(),
  }),
  z.strictObject({ kind: z.literal("hang"), count, seconds: z.number().min(0).max(600) }),
  z.strictObject({ kind: z.literal("malformed_json"), count }),
  z.strictObject({ kind: z.literal("drop_connection"), count }),
  z.strictObject({ kind: z.literal("html_error"), count, status: z.number().int().default(502) }),
  z.strictObject({
    kind: z.literal("null_field"),
    count,
    field: projectField,
    /** Every n-th element (from the first) gets the null. */
    every: z.number().int().min(1).default(3),
  }),
  z.strictObject({
    kind: z.literal("unknown_fields"),
    count,
    fields: z.record(z.string(), z.unknown()).optional(),
  }),
  z.strictObject({
    kind: z.literal("invalid_element"),
    count,
    variant: z.enum(["bad_timestamp", "missing_field", "wrong_type"]).default("bad_timestamp"),
    /** Which element; the middle one by default. */
    index: z.number().int().min(0).optional(),
  }),
]);

export type Fault = z.infer<typeof faultSchema>;
export type QueuedFault = Fault & { remaining: number };

export const DEFAULT_UNKNOWN_FIELDS: Record<string, unknown> = {
  priority: "normal",
  tags: ["simulated"],
  budget: { amount: 12500, currency: "EUR" },
};

export class FaultQueue {
  private queue: { fault: Fault; remaining: number }[] = [];

  add(fault: Fault): QueuedFault {
    const entry = { fault, remaining: fault.count };
    this.queue.push(entry);
    return { ...fault, remaining: entry.remaining };
  }

  /** The fault for the request now arriving, if any; consumes one of its uses. */
  take(): Fault | undefined {
    const head = this.queue[0];
    if (!head) return undefined;
    head.remaining -= 1;
    if (head.remaining <= 0) this.queue.shift();
    return head.fault;
  }

  list(): QueuedFault[] {
    return this.queue.map(({ fault, remaining }) => ({ ...fault, remaining }));
  }

  clear(): void {
    this.queue = [];
  }
}
