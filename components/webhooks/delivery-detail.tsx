"use client";

import { useQuery } from "@tanstack/react-query";
import { XIcon } from "lucide-react";
import type { Ref } from "react";
import { Age } from "@/components/ui/age";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { UserText } from "@/components/ui/user-text";
import type { EndpointView } from "@/lib/webhooks/browser/console-client";
import { formatBytes } from "@/lib/webhooks/shared/format";
import { inspectorQueries } from "@/lib/webhooks/browser/inspector-queries";
import { DETAIL_TABS, type DetailTab } from "@/lib/webhooks/browser/use-inspector-view";
import { AttemptsTab } from "./attempts-tab";
import { DeliveryActions } from "./delivery-actions";
import { ReplayLinks } from "./delivery-relations";
import { EnvelopeTab } from "./envelope-tab";
import { FindingsTab } from "./findings-tab";
import { HeadersTab } from "./headers-tab";
import { RawTab } from "./raw-tab";
import { SignatureTab } from "./signature-tab";
import { VerificationBadge } from "./verification-badge";
import { DeliveryLoading } from "./delivery-loading";

const TAB_LABELS: Record<DetailTab, string> = {
  envelope: "Envelope",
  raw: "Raw",
  headers: "Headers",
  signature: "Signature",
  findings: "Findings",
  attempts: "Attempts",
};

/** One delivery, read in tabs; the tab is part of the URL. */
export function DeliveryDetailPane({
  id,
  tab,
  onTab,
  onClose,
  onSelect,
  endpoints,
  ref,
}: {
  id: string;
  tab: DetailTab;
  onTab: (tab: DetailTab) => void;
  onClose: () => void;
  onSelect: (id: string) => void;
  endpoints: EndpointView[];
  ref?: Ref<HTMLElement>;
}) {
  const query = useQuery(inspectorQueries.delivery(id));
  const delivery = query.data;
  const endpoint = endpoints.find((e) => e.id === delivery?.endpointId);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="delivery-heading"
      className="flex h-full min-w-0 flex-col outline-none"
      data-testid="delivery-detail"
    >
      <header className="@container flex flex-wrap items-start gap-2 border-b px-4 py-3">
        {/* At least 12rem for the title: in a narrow pane the actions wrap below it rather than cut it to "com…". */}
        <div className="min-w-0 flex-1 basis-48">
          <h2
            id="delivery-heading"
            className="flex min-w-0 items-center gap-2 text-base font-semibold"
          >
            <span className="min-w-0 truncate">
              {delivery ? (
                delivery.event ? (
                  <UserText value={delivery.event} truncate />
                ) : (
                  "Delivery without an event"
                )
              ) : (
                `Delivery ${id}`
              )}
            </span>
            {delivery ? (
              <VerificationBadge
                result={delivery.verification.result}
                schemeMismatch={delivery.verification.schemeMismatch}
              />
            ) : null}
          </h2>
          {delivery ? (
            <p className="mt-0.5 truncate text-xs text-muted-foreground">
              #{delivery.id} · <UserText value={endpoint?.name ?? delivery.endpointId} /> ·{" "}
              <Age at={delivery.receivedAt} /> · {formatBytes(delivery.size)} · answered{" "}
              {delivery.response.status}
              {delivery.response.scripted ? " (scripted)" : ""}
            </p>
          ) : null}
          {delivery ? <ReplayLinks delivery={delivery} /> : null}
        </div>
        {delivery ? (
          <DeliveryActions delivery={delivery} endpoints={endpoints} onDeleted={onClose} />
        ) : null}
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label="Close the delivery (Esc)"
          onClick={onClose}
        >
          <XIcon />
        </Button>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-3">
        {delivery ? (
          <Tabs value={tab} onValueChange={(value) => onTab(value as DetailTab)}>
            {/* Six tabs never fit a phone in one row: they wrap instead of scrolling sideways. */}
            <TabsList
              aria-label="Delivery details"
              className="h-auto max-w-full flex-wrap justify-start"
            >
              {DETAIL_TABS.map((name) => (
                <TabsTrigger key={name} value={name} className="h-7 flex-none">
                  {TAB_LABELS[name]}
                  {name === "findings" && delivery.findings.length > 0
                    ? ` (${delivery.findings.length})`
                    : ""}
                  {name === "attempts" && delivery.retryGroup.length > 1
                    ? ` (${delivery.retryGroup.length})`
                    : ""}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value="envelope" className="pt-2">
              <EnvelopeTab delivery={delivery} />
            </TabsContent>
            <TabsContent value="raw" className="pt-2">
              <RawTab delivery={delivery} />
            </TabsContent>
            <TabsContent value="headers" className="pt-2">
              <HeadersTab delivery={delivery} />
            </TabsContent>
            <TabsContent value="signature" className="pt-2">
              <SignatureTab delivery={delivery} endpoint={endpoint} />
            </TabsContent>
            <TabsContent value="findings" className="pt-2">
              <FindingsTab delivery={delivery} />
            </TabsContent>
            <TabsContent value="attempts" className="pt-2">
              <AttemptsTab delivery={delivery} onSelect={onSelect} />
            </TabsContent>
          </Tabs>
        ) : query.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {query.error.message}
          </p>
        ) : (
          <DeliveryLoading />
        )}
      </div>
    </section>
  );
}
