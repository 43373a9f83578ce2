import { z } from "@/lib/zod";

/**
 * One schema for a project, shared by the server (validating the service's answer) and the browser (reading
 * our own /api/projects). Safe to import anywhere: nothing here is secret.
 */

/**
 * The spec's exact timestamp format, `YYYY-MM-DDTHH:MM:SSZ`, of a real calendar date (days per month, leap
 * years: every fourth, not centuries, but every fourth century). One pattern rather than a check in code: a
 * refresh checks 200,000 timestamps, and zod runs a pattern several times faster than a refinement.
 */
const MONTH_DAY = String.raw`(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|02-(?:0[1-9]|1\d|2[0-8])`;
const LEAP_YEAR = String.raw`\d\d(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00`;
const TIME = String.raw`(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d`;
const STRICT_UTC = new RegExp(
  String.raw`^(?:\d{4}-(?:${MONTH_DAY})|(?:${LEAP_YEAR})-02-29)T${TIME}Z$`,
);

export const isStrictUtcTimestamp = (value: string): boolean => STRICT_UTC.test(value);

export const strictUtcTimestamp = z.string().regex(STRICT_UTC, {
  message: "must be a UTC timestamp formatted YYYY-MM-DDTHH:MM:SSZ",
});

/** The on-hold value is not shown in the spec, so any status string is kept and shown as it is. */
export const projectSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  town: z.string(),
  client_name: z.string(),
  status: z.string(),
  created_at: strictUtcTimestamp,
  updated_at: strictUtcTimestamp,
});

export type Project = z.infer<typeof projectSchema>;

/** One element of the service's answer that failed validation and was left out of the table. */
export const invalidProjectSchema = z.object({
  index: z.number().int(),
  id: z.string().optional(),
  reasons: z.array(z.string()),
});

export const projectsErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  retryAfterSeconds: z.number().optional(),
});

/** The query of our own `GET /api/projects`: `refresh=1` is the Refresh button. */
export const projectsQuerySchema = z.object({
  refresh: z
    .enum(["1", "true", "0", "false"], { message: "must be 1 (refresh now) or 0" })
    .optional(),
});

/** The answer of our own `GET /api/projects`. */
export const projectsResponseSchema = z.object({
  projects: z.array(projectSchema),
  fetchedAt: z.string(),
  stale: z.boolean(),
  error: projectsErrorSchema.optional(),
  invalid: z.object({ count: z.number().int(), items: z.array(invalidProjectSchema) }).optional(),
});

export type ProjectsResponse = z.infer<typeof projectsResponseSchema>;
