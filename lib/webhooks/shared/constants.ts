/** Names shared by the receiver, the console API and the browser (no server imports here). */
export const DEFAULT_ENDPOINT_ID = "default";
export const ENDPOINT_ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

export const VERIFICATION_RESULTS = [
  "verified",
  "invalid_signature",
  "missing_signature",
  "no_secret",
] as const;
export type VerificationResult = (typeof VERIFICATION_RESULTS)[number];

/** Path of an endpoint's receiver URL, to be prefixed with the app's origin. */
export function receiverPath(id: string): string {
  return id === DEFAULT_ENDPOINT_ID ? "/api/webhooks/receive" : `/api/webhooks/receive/${id}`;
}

/** The event filter's value for "none of the nine": another event name, or no event at all. */
export const UNKNOWN_EVENT_FILTER = "unknown";
