/**
 * Settings → Connection's values that its page shows or repeats (the key's bound, the reasons of calls), apart
 * from the API's schemas (schema.ts) so that the page does not fetch zod for them.
 */
export const KEY_MAX_LENGTH = 500;

/** Why a call to the service was made (upstream_call_log.reason), as the page names it. */
export const CALL_REASONS = {
  scheduled: "Scheduled refresh",
  member: "A member's refresh",
  key_test: "Key test",
} as const;
export type CallReason = keyof typeof CALL_REASONS;
