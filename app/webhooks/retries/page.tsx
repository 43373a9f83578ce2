import type { Metadata } from "next";
import { RetriesView } from "@/components/webhooks/retries/retries-view";
import { WebhooksPage } from "@/components/webhooks/webhooks-page";

export const metadata: Metadata = { title: "Webhook retries" };

export default function WebhookRetriesPage() {
  return (
    <WebhooksPage description="How the sender really retries: attempts, gaps and what triggers them, per endpoint.">
      <RetriesView />
    </WebhooksPage>
  );
}
