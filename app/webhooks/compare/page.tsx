import type { Metadata } from "next";
import { Suspense } from "react";
import { CompareView } from "@/components/webhooks/compare/compare-view";
import { WebhooksPage } from "@/components/webhooks/webhooks-page";

export const metadata: Metadata = { title: "Compare deliveries · Webhooks" };

export default function CompareDeliveriesPage() {
  return (
    <WebhooksPage description="Two deliveries side by side: what changed in the body, the headers and the verdicts.">
      {/* Prerendered: its view reads the URL in the browser. */}
      <Suspense>
        <CompareView />
      </Suspense>
    </WebhooksPage>
  );
}
