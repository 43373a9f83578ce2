/**
 * The nine events of the spec (section 6). No zod here: the inspector's toolbar lists them, and a phone should
 * not fetch the validator with the page (the envelope's schemas are in envelope-schema.ts).
 */
export const WEBHOOK_EVENTS = [
  "task.created",
  "task.updated",
  "task.completed",
  "project.created",
  "project.updated",
  "project.completed",
  "file.uploaded",
  "client.invited",
  "comment.created",
] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export function isWebhookEvent(value: unknown): value is WebhookEvent {
  return typeof value === "string" && (WEBHOOK_EVENTS as readonly string[]).includes(value);
}
