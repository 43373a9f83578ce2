import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { RetriesView } from "@/components/webhooks/retries/retries-view";
import { WebhooksPage } from "@/components/webhooks/webhooks-page";
import { requirePageMember } from "@/lib/auth/guard";
import { prefetchedState } from "@/lib/query-prefetch";
import { loadInsightView } from "@/lib/webhooks/browser/use-insight-view";
import { endpointsPrefetch, retryBehaviourPrefetch } from "@/lib/webhooks/server/page-queries";

export const metadata: Metadata = { title: "Webhook retries" };

export default async function WebhookRetriesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requirePageMember("/webhooks/retries");
  const view = loadInsightView(await searchParams);
  // Rendered with its answers: the page's HTML holds the summary and the chart, not a skeleton.
  const state = await prefetchedState([endpointsPrefetch(), retryBehaviourPrefetch(view.endpoint)]);
  return (
    <WebhooksPage description="How the sender really retries: attempts, gaps and what triggers them, per endpoint.">
      <HydrationBoundary state={state}>
        <RetriesView />
      </HydrationBoundary>
    </WebhooksPage>
  );
}
