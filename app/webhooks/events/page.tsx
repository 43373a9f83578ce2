import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { EventsView } from "@/components/webhooks/events/events-view";
import { WebhooksPage } from "@/components/webhooks/webhooks-page";
import { requirePageMember } from "@/lib/auth/guard";
import { prefetchedState } from "@/lib/query-prefetch";
import { loadInsightView } from "@/lib/webhooks/browser/use-insight-view";
import { endpointsPrefetch, eventShapesPrefetch } from "@/lib/webhooks/server/page-queries";

export const metadata: Metadata = { title: "Webhook events" };

export default async function WebhookEventsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requirePageMember("/webhooks/events");
  const view = loadInsightView(await searchParams);
  // Rendered with its answers: the page's HTML holds the events and the shape in view, not a skeleton.
  const state = await prefetchedState([
    endpointsPrefetch(),
    eventShapesPrefetch(view.endpoint, view.event),
  ]);
  return (
    <WebhooksPage description="What each event really sends: the shape of its data, inferred from every delivery.">
      <HydrationBoundary state={state}>
        <EventsView />
      </HydrationBoundary>
    </WebhooksPage>
  );
}
