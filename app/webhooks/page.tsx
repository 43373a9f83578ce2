import type { Metadata } from "next";
import { Suspense } from "react";
import { PageHeader } from "@/components/ui/page-header";
import { WebhookInspector } from "@/components/webhooks/webhook-inspector";
import { WebhooksNav } from "@/components/webhooks/webhooks-nav";

export const metadata: Metadata = { title: "Webhooks" };

export default function WebhooksPage() {
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Deliveries received from the service, verified and stored, live."
        actions={
          <Suspense>
            <WebhooksNav />
          </Suspense>
        }
      />
      {/* The inspector reads its view from the URL; on a prerendered page that needs a boundary. */}
      <Suspense>
        <WebhookInspector />
      </Suspense>
    </>
  );
}
