import { call } from "@/lib/webhooks/browser/console-client";
import type { ChannelView } from "./schemas";

/** The browser's side of `/api/alerts/channels`, through the console's one fetcher (errors keep the route's sentence). */
export const channelApi = {
  create: (input: Record<string, unknown>) =>
    call<{ channel: ChannelView; secret: string | null }>("/api/alerts/channels", {
      method: "POST",
      body: JSON.stringify(input),
    }),
  update: (id: string, input: Record<string, unknown>) =>
    call<ChannelView>(`/api/alerts/channels/${encodeURIComponent(id)}`, {
      method: "PATCH",
      body: JSON.stringify(input),
    }),
  remove: (id: string) =>
    call<void>(`/api/alerts/channels/${encodeURIComponent(id)}`, { method: "DELETE" }),
  test: (id: string) =>
    call<{ channel: ChannelView; status: string; error: string | null }>(
      `/api/alerts/channels/${encodeURIComponent(id)}/test`,
      // The proxy takes a state-changing request as JSON only: an empty object says there is nothing more.
      { method: "POST", body: "{}" },
    ),
};
