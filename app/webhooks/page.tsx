import { WebhookIcon } from "lucide-react";
import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Webhooks" };

export default function WebhooksPage() {
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Deliveries received from the service, verified and stored."
      />
      <div className="flex flex-col items-center justify-center rounded-lg border border-dashed bg-card px-6 py-16 text-center">
        <span className="flex size-10 items-center justify-center rounded-md border bg-muted">
          <WebhookIcon aria-hidden="true" className="size-5 text-muted-foreground" />
        </span>
        <p className="mt-3 text-sm font-medium">No inspector yet</p>
        <p className="mt-1 max-w-sm text-[13px] text-muted-foreground">
          The webhook inspector arrives with its issue: each delivery, its signature check and its
          payload will be listed here.
        </p>
      </div>
    </>
  );
}
