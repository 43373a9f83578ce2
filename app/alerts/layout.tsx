import type { ReactNode } from "react";
import { AlertsNav } from "@/components/alerts/alerts-nav";
import { PageHeader } from "@/components/ui/page-header";

export default function AlertsLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <PageHeader
        title="Alerts"
        description="What broke in the integration and why: one issue per rule and endpoint, until it clears."
        actions={<AlertsNav />}
      />
      {children}
    </>
  );
}
