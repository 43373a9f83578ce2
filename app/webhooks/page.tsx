import type { Metadata } from "next";
import { WebhookInspector } from "@/components/webhooks/webhook-inspector";
import { WebhooksPage } from "@/components/webhooks/webhooks-page";

export const metadata: Metadata = { title: "Webhooks" };

export default function WebhookDeliveriesPage() {
  return (
    <WebhooksPage description="Deliveries received from the service, verified and stored, live.">
      <WebhookInspector />
    </WebhooksPage>
  );
}
