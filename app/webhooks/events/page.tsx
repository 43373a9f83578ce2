import type { Metadata } from "next";
import { Suspense } from "react";
import { PageHeader } from "@/components/ui/page-header";
import { EventsView } from "@/components/webhooks/events/events-view";
import { WebhooksNav } from "@/components/webhooks/webhooks-nav";

export const metadata: Metadata = { title: "Webhook events" };

export default function WebhookEventsPage() {
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="What each event really sends: the shape of its data, inferred from every delivery."
        actions={
          <Suspense>
            <WebhooksNav />
          </Suspense>
        }
      />
      {/* The view reads its state from the URL; on a prerendered page that needs a boundary. */}
      <Suspense>
        <EventsView />
      </Suspense>
    </>
  );
}
