import type { Metadata } from "next";
import { Suspense } from "react";
import { PageHeader } from "@/components/ui/page-header";
import { RetriesView } from "@/components/webhooks/retries/retries-view";
import { WebhooksNav } from "@/components/webhooks/webhooks-nav";

export const metadata: Metadata = { title: "Webhook retries" };

export default function WebhookRetriesPage() {
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="How the sender really retries: attempts, gaps and what triggers them, per endpoint."
        actions={
          <Suspense>
            <WebhooksNav />
          </Suspense>
        }
      />
      {/* The view reads its state from the URL; on a prerendered page that needs a boundary. */}
      <Suspense>
        <RetriesView />
      </Suspense>
    </>
  );
}
