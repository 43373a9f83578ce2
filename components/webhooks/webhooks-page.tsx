import { Suspense, type ReactNode } from "react";
import { PageHeader } from "@/components/ui/page-header";
import { WebhooksNav } from "./webhooks-nav";

/**
 * The frame of the webhook pages (Deliveries, Events, Retries, Check a handler): one header with the tabs between them.
 * Their views read their state from the URL, which on a prerendered page needs a Suspense boundary.
 */
export function WebhooksPage({
  description,
  children,
}: {
  description: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader
        title="Webhooks"
        description={description}
        actions={
          <Suspense>
            <WebhooksNav />
          </Suspense>
        }
      />
      <Suspense>{children}</Suspense>
    </>
  );
}
