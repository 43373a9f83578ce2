import { DEFAULT_ENDPOINT_ID, receiverPath } from "@/lib/webhooks/shared/constants";

/**
 * The address senders post to for an endpoint, on this console's own origin (the path alone while rendering
 * on the server). Before the endpoint is known, the default endpoint's: it always exists, and the origin is
 * this deployment's, not a guessed localhost.
 */
export function receiverUrl(endpointId: string = DEFAULT_ENDPOINT_ID): string {
  const path = receiverPath(endpointId);
  return typeof window === "undefined" ? path : `${window.location.origin}${path}`;
}
