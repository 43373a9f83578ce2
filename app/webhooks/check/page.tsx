import type { Metadata } from "next";
import { Suspense } from "react";
import { CheckView } from "@/components/webhooks/check/check-view";
import { WebhooksPage } from "@/components/webhooks/webhooks-page";

export const metadata: Metadata = { title: "Check a handler" };

export default function WebhookCheckPage() {
  return (
    <WebhooksPage description="Send your own webhook handler every case the service can send it, and see how it answers.">
      {/* Prerendered: its view reads the URL in the browser. */}
      <Suspense>
        <CheckView />
      </Suspense>
    </WebhooksPage>
  );
}
