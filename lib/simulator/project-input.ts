import { z } from "@/lib/zod";
import { strictUtcTimestamp } from "../projects/schema";
import { clientName, formatTimestamp } from "../sample-data/people";
import { makeProject, PROJECT_STATES, type ProjectState, type SimProject } from "./data";
import { createRandom, hashString } from "../sample-data/random";

/**
 * Bodies of `POST /__sim/projects` and `PATCH /__sim/projects/:id`. `status` is an internal state
 * (active, on_hold, completed, archived, cancelled, draft) or the configured on-hold string.
 */
export const projectInputSchema = z.strictObject({
  id: z.string().min(1).max(100).optional(),
  name: z.string().min(1).max(500).optional(),
  address: z.string().max(500).optional(),
  town: z.string().max(200).optional(),
  client_name: z.string().max(300).optional(),
  status: z.string().min(1).optional(),
  created_at: strictUtcTimestamp.optional(),
  updated_at: strictUtcTimestamp.optional(),
});

export type ProjectInput = z.infer<typeof projectInputSchema>;

export function toState(status: string, onHoldStatus: string): ProjectState | undefined {
  if (status === onHoldStatus) return "on_hold";
  return (PROJECT_STATES as readonly string[]).includes(status)
    ? (status as ProjectState)
    : undefined;
}

/** A full project from a partial one: missing fields are generated, timestamps default to now. */
export function completeProject(
  input: ProjectInput,
  state: ProjectState,
  seed: string,
  now: number,
): SimProject {
  const random = createRandom(hashString(seed));
  const generated = makeProject(random, state, new Set());
  const stamp = formatTimestamp(now);
  return {
    ...generated,
    client_name: input.client_name ?? clientName(random),
    ...projectFields(input),
    state,
    created_at: input.created_at ?? stamp,
    updated_at: input.updated_at ?? input.created_at ?? stamp,
  };
}

/** The given fields of a project input, without its status (which maps to a state separately). */
export function projectFields(input: ProjectInput): Partial<SimProject> {
  const fields: ProjectInput = { ...input };
  delete fields.status;
  return stripUndefined(fields) as Partial<SimProject>;
}

export function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
