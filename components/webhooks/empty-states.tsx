"use client";

import { InboxIcon, KeyRoundIcon, SearchXIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import type { EndpointView } from "@/lib/webhooks/browser/console-client";
import { useReceiverUrl } from "./receiver-url";

export function EmptyState({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-10 text-center text-[13px]">
      <div className="flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground [&_svg]:size-5">
        {icon}
      </div>
      <h2 className="text-base font-semibold">{title}</h2>
      {children}
    </div>
  );
}

export function CopyLine({ value, label }: { value: string; label: string }) {
  return (
    <div className="flex w-full items-center gap-1 rounded-md border bg-muted/50 px-2 py-1 text-left">
      <code className="min-w-0 flex-1 font-mono text-xs break-all">{value}</code>
      <CopyButton value={value} label={label} />
    </div>
  );
}

/** No endpoint can verify anything yet: say where deliveries go and what to set. */
export function NoEndpointState({
  endpoint,
  onOpenEndpoints,
}: {
  endpoint: EndpointView;
  onOpenEndpoints: () => void;
}) {
  const url = useReceiverUrl(endpoint.id);
  return (
    <EmptyState icon={<KeyRoundIcon />} title="Set up an endpoint">
      <p className="text-muted-foreground">
        Paste this receiver URL in the service&apos;s Settings → Webhooks, then give the endpoint
        the same signing secret so deliveries can be verified.
      </p>
      <CopyLine value={url} label="receiver URL" />
      <Button size="sm" onClick={onOpenEndpoints}>
        Set the secret or create an endpoint
      </Button>
    </EmptyState>
  );
}

/** Nothing has arrived yet: the simulator command, and the test button. */
export function NoDeliveryState({
  endpoint,
  testButton,
}: {
  endpoint: EndpointView | undefined;
  testButton: ReactNode;
}) {
  const url = useReceiverUrl(endpoint?.id);
  const command = `npm run sim -- emit --url ${url} --event task.completed --count 3`;
  return (
    <EmptyState icon={<InboxIcon />} title="No delivery yet">
      <p className="text-muted-foreground">
        Deliveries appear here within a second or two of arriving. Send some from the simulator (the
        secret comes from <code className="font-mono">--secret</code> or{" "}
        <code className="font-mono">WEBHOOK_SECRET</code>):
      </p>
      <CopyLine value={command} label="command" />
      <p className="text-muted-foreground">or send a signed test delivery from here:</p>
      {testButton}
    </EmptyState>
  );
}

export function NoMatchState({ onClear }: { onClear: () => void }) {
  return (
    <EmptyState icon={<SearchXIcon />} title="No delivery matches these filters">
      <p className="text-muted-foreground">
        New deliveries that match will still appear here live.
      </p>
      <Button variant="outline" size="sm" onClick={onClear}>
        Clear filters
      </Button>
    </EmptyState>
  );
}
