import type * as sharesRoute from "@/app/api/webhooks/deliveries/[id]/shares/route";
import type * as shareRoute from "@/app/api/webhooks/deliveries/[id]/shares/[shareId]/route";
import { call, type RouteAnswer, type RouteBody } from "./console-client";
import { inspectorQueries } from "./inspector-queries";

/** The share dialog's calls of the console API (typed from the routes, as console-client.ts is). */

export type ShareInput = RouteBody<typeof sharesRoute.POST>;
export type CreatedShare = RouteAnswer<typeof sharesRoute.POST>;
export type ShareSummary = RouteAnswer<typeof sharesRoute.GET>["shares"][number];

const path = (deliveryId: string) =>
  `/api/webhooks/deliveries/${encodeURIComponent(deliveryId)}/shares`;

export const shareApi = {
  list: async (deliveryId: string, signal?: AbortSignal) =>
    (await call<RouteAnswer<typeof sharesRoute.GET>>(path(deliveryId), { signal })).shares,
  create: (deliveryId: string, input: ShareInput) =>
    call<CreatedShare>(path(deliveryId), { method: "POST", body: JSON.stringify(input) }),
  revoke: async (deliveryId: string, shareId: string) =>
    (
      await call<RouteAnswer<typeof shareRoute.DELETE>>(
        `${path(deliveryId)}/${encodeURIComponent(shareId)}`,
        { method: "DELETE" },
      )
    ).share,
};

export const shareQueryKey = (deliveryId: string) =>
  [...inspectorQueries.all(), "shares", deliveryId] as const;
