import { z } from "@/lib/zod";
import { taskCompletedDataSchema } from "../envelope-schema";

/**
 * The payloads the spec documents, as JSON Schema, derived from the same zod schemas the receiver checks
 * deliveries with (lib/webhooks/shared/events.ts): `task.completed` only (spec section 2).
 */
export interface SpecField {
  type: string;
  /** `date-time`: an ISO 8601 UTC timestamp (a `Z` suffix). */
  format: string | null;
  required: boolean;
}

function fieldsOf(schema: z.ZodType): Record<string, SpecField> {
  const json = z.toJSONSchema(schema) as {
    properties?: Record<string, { type?: string; format?: string }>;
    required?: string[];
  };
  const required = new Set(json.required ?? []);
  return Object.fromEntries(
    Object.entries(json.properties ?? {}).map(([name, field]) => [
      name,
      { type: field.type ?? "unknown", format: field.format ?? null, required: required.has(name) },
    ]),
  );
}

const SPEC_PAYLOADS: Record<string, Record<string, SpecField>> = {
  "task.completed": fieldsOf(taskCompletedDataSchema),
};

export function specPayload(event: string): Record<string, SpecField> | null {
  return Object.hasOwn(SPEC_PAYLOADS, event) ? SPEC_PAYLOADS[event]! : null;
}
