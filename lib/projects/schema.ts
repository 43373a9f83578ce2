import { z } from "@/lib/zod";

/**
 * One schema for a project, shared by the server (validating the service's answer) and the browser (reading
 * our own /api/projects). Safe to import anywhere: nothing here is secret.
 */

/** The spec's exact timestamp format, `YYYY-MM-DDTHH:MM:SSZ`, and a real calendar date. */
const STRICT_UTC = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

export function isStrictUtcTimestamp(value: string): boolean {
  const match = STRICT_UTC.exec(value);
  if (!match) return false;
  const date = new Date(value);
  return !Number.isNaN(date.getTime()) && date.toISOString().replace(".000Z", "Z") === value;
}

export const strictUtcTimestamp = z.string().refine(isStrictUtcTimestamp, {
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
