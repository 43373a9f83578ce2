import { queryOptions } from "@tanstack/react-query";
import { consoleGet } from "@/lib/webhooks/browser/console-client";
import type { ForwardView } from "./forwards";
import type { ListenerPresence } from "./sessions";

/** The browser's queries of the listen API: a delivery's forwards, and who listens now. */
export type ListenerView = Omit<ListenerPresence, "connectedAt" | "lastSeenAt"> & {
  connectedAt: string | null;
  lastSeenAt: string | null;
};

export const listenQueries = {
  forwards: (deliveryId: string) =>
    queryOptions({
      queryKey: ["webhooks", "forwards", deliveryId] as const,
      queryFn: async ({ signal }) =>
        (
          await consoleGet<{ forwards: ForwardView[] }>(
            `/api/webhooks/deliveries/${encodeURIComponent(deliveryId)}/forwards`,
            {},
            signal,
          )
        ).forwards,
      // A listener reports each attempt as it happens: keep the tab current while it is open.
      refetchInterval: 3_000,
    }),
  listeners: () =>
    queryOptions({
      queryKey: ["webhooks", "listeners"] as const,
      queryFn: async ({ signal }) =>
        (await consoleGet<{ listeners: ListenerView[] }>("/api/webhooks/listeners", {}, signal))
          .listeners,
      refetchInterval: 10_000,
    }),
};
