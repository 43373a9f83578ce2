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
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        The webhook inspector arrives with its issue.
      </p>
    </>
  );
}
