import type { ReactNode } from "react";
import { ConnectionTabs } from "@/components/connection/connection-tabs";
import { PageHeader } from "@/components/ui/page-header";

export default function ConnectionLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <PageHeader
        title="Connection"
        description="The service's API as this console sees it: whether the key works, the shared call budget, the calls made and the snapshot they left. Reading this page costs the service no call."
      />
      <ConnectionTabs />
      {children}
    </>
  );
}
