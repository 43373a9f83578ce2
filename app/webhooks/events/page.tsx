import type { Metadata } from "next";
import { EventsView } from "@/components/webhooks/events/events-view";
import { WebhooksPage } from "@/components/webhooks/webhooks-page";

export const metadata: Metadata = { title: "Webhook events" };

export default function WebhookEventsPage() {
  return (
    <WebhooksPage description="What each event really sends: the shape of its data, inferred from every delivery.">
      <EventsView />
    </WebhooksPage>
  );
}
