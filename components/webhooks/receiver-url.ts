import { useHydrated } from "@/lib/ui/use-hydrated";
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

/**
 * `receiverUrl` for a component to render: the path alone on the server and while the page hydrates (the
 * server cannot know the origin the member sees, and hydration must write what the server wrote), then the
 * whole URL.
 */
export function useReceiverUrl(endpointId: string = DEFAULT_ENDPOINT_ID): string {
  const hydrated = useHydrated();
  return hydrated ? receiverUrl(endpointId) : receiverPath(endpointId);
}
