import { Suspense, type ReactNode } from "react";
import { PageHeader } from "@/components/ui/page-header";
import { WebhooksNav } from "./webhooks-nav";

/**
 * The frame of the webhook pages (Deliveries, Events, Retries, Check a handler): one header with the tabs between them.
 * The tabs read the URL, which on a prerendered page needs a Suspense boundary; so does a prerendered page's
 * view (Deliveries, Check, Compare). The pages rendered with their data (Events, Retries) are rendered per
 * request and put their view here directly: in a boundary, React may send it apart from the page, hidden
 * until a script shows it.
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
      {children}
    </>
  );
}
