import { queryOptions } from "@tanstack/react-query";
import { call } from "@/lib/webhooks/browser/console-client";
import type { ConnectionHealth, ConnectionStatus, SaveKeyInput } from "./schema";

/**
 * Settings → Connection's reads and writes from the browser. Both reads cost the service nothing (recorded
 * state only), so the page polls every few seconds and the header's dot every half minute.
 */
export const connectionQueries = {
  status: () =>
    queryOptions({
      queryKey: ["connection", "status"] as const,
      queryFn: ({ signal }) => call<ConnectionStatus>("/api/connection", { signal }),
      refetchInterval: 3_000,
    }),
  health: () =>
    queryOptions({
      queryKey: ["connection", "health"] as const,
      queryFn: ({ signal }) => call<ConnectionHealth>("/api/connection/health", { signal }),
      refetchInterval: 30_000,
    }),
};

export const connectionApi = {
  saveKey: (input: SaveKeyInput) =>
    call<ConnectionStatus>("/api/connection/key", { method: "POST", body: JSON.stringify(input) }),
  useEnvironmentKey: () => call<ConnectionStatus>("/api/connection/key", { method: "DELETE" }),
};
