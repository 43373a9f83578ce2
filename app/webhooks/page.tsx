import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { BackgroundMount } from "@/components/ui/background-mount";
import { WebhookInspector } from "@/components/webhooks/webhook-inspector";
import { WebhooksPage } from "@/components/webhooks/webhooks-page";
import { requirePageMember } from "@/lib/auth/guard";
import { prefetchedState } from "@/lib/query-prefetch";
import { listFilters } from "@/lib/webhooks/browser/inspector-queries";
import { loadInspectorView } from "@/lib/webhooks/browser/use-inspector-view";
import {
  deliveriesPrefetch,
  deliveryCountsPrefetch,
  endpointsPrefetch,
} from "@/lib/webhooks/server/page-queries";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhookDeliveriesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requirePageMember("/webhooks");
  const filters = listFilters(loadInspectorView(await searchParams));
  // The list's first answers come with the page: the inspector mounts with its rows, without a request and a
  // skeleton first. It still renders in the browser (docs/architecture.md, "Pages rendered with their data").
  const state = await prefetchedState([
    endpointsPrefetch(),
    deliveriesPrefetch(filters),
    deliveryCountsPrefetch(filters),
  ]);
  return (
    <WebhooksPage description="Deliveries received from the service, verified and stored, live.">
      <HydrationBoundary state={state}>
        <BackgroundMount>
          <WebhookInspector />
        </BackgroundMount>
      </HydrationBoundary>
    </WebhooksPage>
  );
}
