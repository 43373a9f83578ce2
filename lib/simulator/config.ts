import { z } from "@/lib/zod";

/** Switches for what the spec leaves open, changed at run time with `POST /__sim/config`. */
export const simConfigSchema = z.strictObject({
  /** The wire string of an on-hold project: not shown in the spec ("on_hold", "on-hold", "paused"...). */
  onHoldStatus: z.string().trim().min(1, "must not be empty").max(64),
  /** Whether requests answered 429 count against the rolling window (not shown in the spec). */
  countRejected: z.boolean(),
  /** Reject unknown query parameters on GET /projects with 400 (the spec shows none). */
  strictQuery: z.boolean(),
  /** Requests per rolling minute per key; the spec's 60, raised "on request from the operator". */
  rateLimitPerMinute: z.number().int().min(1).max(1_000_000),
  /** Extra delay before every API answer, to see loading states. */
  latencyMs: z.number().int().min(0).max(60_000),
  /**
   * Act as the real service reached over plain HTTP (spec: "rejected", status not given): every API request
   * is redirected (301) to its https:// address, as a TLS-only edge does.
   */
  rejectPlainHttp: z.boolean(),
  /** Answer the announced read endpoints (spec section 4, "in development") with data instead of 404. */
  announcedEndpoints: z.boolean(),
});

export type SimConfig = z.infer<typeof simConfigSchema>;

export const DEFAULT_CONFIG: SimConfig = {
  onHoldStatus: "on_hold",
  countRejected: false,
  strictQuery: true,
  rateLimitPerMinute: 60,
  latencyMs: 0,
  rejectPlainHttp: false,
  announcedEndpoints: false,
};

export const simConfigPatchSchema = simConfigSchema.partial();
