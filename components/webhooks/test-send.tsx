"use client";

import { useMutation } from "@tanstack/react-query";
import { SendIcon } from "lucide-react";
import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DeferredPopover } from "@/components/ui/deferred-popover";
import { Skeleton } from "@/components/ui/skeleton";
import { consoleApi, type EndpointView } from "@/lib/webhooks/browser/console-client";
import type { WebhookEvent } from "@/lib/webhooks/shared/events";

// The form and its selects come when the popover first opens: with the page, they were code no one had
// asked for yet.
const TestSendForm = dynamic(() => import("./test-send-form").then((m) => m.TestSendForm), {
  loading: () => <Skeleton className="h-36 w-full" />,
});

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Sends a signed test delivery of any event to an endpoint's own receiver, shows the attempt as it goes,
 * then hands the body's SHA-256 to the page, which selects the delivery when the live list brings it.
 */
export function TestSend({
  endpoints,
  defaultEndpointId,
  onSent,
}: {
  endpoints: EndpointView[];
  defaultEndpointId: string;
  onSent: (sha256: string, endpointId: string) => void;
}) {
  const [endpointId, setEndpointId] = useState<string | null>(null);
  const [event, setEvent] = useState<WebhookEvent>("task.completed");
  const target = endpointId ?? defaultEndpointId;
  const send = useMutation({
    mutationFn: async () => {
      const result = await consoleApi.sendTest(target, { event });
      onSent(await sha256Hex(result.body), target);
      return result;
    },
  });
  return (
    <DeferredPopover
      onOpenChange={(open) => open || send.reset()}
      trigger={
        <Button variant="outline" size="sm">
          <SendIcon />
          Send test
        </Button>
      }
      content={(ui) => (
        <ui.PopoverContent align="end" className="flex w-80 flex-col gap-3">
          <div>
            <h3 className="text-[13px] font-medium">Send a test delivery</h3>
            <p className="text-xs text-muted-foreground">
              Signed with the endpoint&apos;s secret, sent to its receiver URL like the service
              would.
            </p>
          </div>
          <TestSendForm
            endpoints={endpoints}
            target={target}
            onTarget={setEndpointId}
            event={event}
            onEvent={setEvent}
            send={send}
          />
        </ui.PopoverContent>
      )}
    />
  );
}
