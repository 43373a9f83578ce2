import { z } from "@/lib/zod";

/** "ISO 8601 UTC": a Z suffix is required; fractional seconds are allowed since the spec does not fix them. */
export const isoUtcTimestamp = z.iso.datetime({
  offset: false,
  message: "must be an ISO 8601 UTC timestamp",
});

/** The envelope of every delivery (spec section 2). Unknown event names are checked separately (a finding). */
export const webhookEnvelopeSchema = z.object({
  event: z.string({ message: "must be a string" }),
  data: z.record(z.string(), z.unknown(), { message: "must be an object" }),
  timestamp: isoUtcTimestamp,
});

export type WebhookEnvelope = z.infer<typeof webhookEnvelopeSchema>;

/** The only payload the spec shows: `task.completed`. */
export const taskCompletedDataSchema = z.object({
  task_id: z.string(),
  project_id: z.string(),
  title: z.string(),
  completed_at: isoUtcTimestamp,
});

export type TaskCompletedData = z.infer<typeof taskCompletedDataSchema>;
