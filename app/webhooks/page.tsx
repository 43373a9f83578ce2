import type { Metadata } from "next";
import { Suspense } from "react";
import { BackgroundMount } from "@/components/ui/background-mount";
import { WebhookInspector } from "@/components/webhooks/webhook-inspector";
import { WebhooksPage } from "@/components/webhooks/webhooks-page";

export const metadata: Metadata = { title: "Webhooks" };

export default function WebhookDeliveriesPage() {
  return (
    <WebhooksPage description="Deliveries received from the service, verified and stored, live.">
      {/* Prerendered: the inspector reads its view from the URL and its data in the browser. */}
      <Suspense>
        <BackgroundMount>
          <WebhookInspector />
        </BackgroundMount>
      </Suspense>
    </WebhooksPage>
  );
}
