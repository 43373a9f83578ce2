"use client";

import { useMutation } from "@tanstack/react-query";
import { SendIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import {
  consoleApi,
  type DeliveryResult,
  type EndpointView,
} from "@/lib/webhooks/browser/console-client";
import { isWebhookEvent, WEBHOOK_EVENTS, type WebhookEvent } from "@/lib/webhooks/shared/events";
import { FilterSelect } from "./filter-select";
import { FormError } from "@/components/ui/form-error";

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

function attemptLine(attempt: DeliveryResult["attempts"][number]): string {
  return attempt.status !== undefined
    ? `Attempt ${attempt.n}: answered ${attempt.status} in ${attempt.ms} ms`
    : `Attempt ${attempt.n}: ${attempt.error ?? "failed"} after ${attempt.ms} ms`;
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
  const selected = endpoints.find((e) => e.id === target);
  return (
    <Popover onOpenChange={(open) => open || send.reset()}>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm">
          <SendIcon />
          Send test
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="flex w-80 flex-col gap-3">
        <div>
          <h3 className="text-[13px] font-medium">Send a test delivery</h3>
          <p className="text-xs text-muted-foreground">
            Signed with the endpoint&apos;s secret, sent to its receiver URL like the service would.
          </p>
        </div>
        <div className="grid gap-1">
          <Label>Endpoint</Label>
          <FilterSelect
            label="Endpoint to send to"
            allLabel="Default"
            value={target}
            options={endpoints.map((e) => ({ value: e.id, label: e.name }))}
            onChange={(id) => setEndpointId(id)}
          />
        </div>
        <div className="grid gap-1">
          <Label>Event</Label>
          <FilterSelect
            label="Event to send"
            allLabel="task.completed"
            value={event}
            options={WEBHOOK_EVENTS.map((name) => ({ value: name, label: name }))}
            onChange={(name) => setEvent(isWebhookEvent(name) ? name : "task.completed")}
          />
        </div>
        {selected && !selected.secret.set ? (
          <p className="text-xs text-warning">
            This endpoint has no secret yet: set one in Endpoints first.
          </p>
        ) : null}
        <Button size="sm" disabled={send.isPending} onClick={() => send.mutate()}>
          {send.isPending ? "Sending…" : "Send"}
        </Button>
        <div role="status" className="text-xs">
          {send.isPending ? (
            <p className="text-muted-foreground">Attempt 1: waiting for the answer…</p>
          ) : null}
          {send.data?.attempts.map((attempt) => (
            <p
              key={attempt.n}
              className={
                attempt.status && attempt.status < 300 ? "text-success" : "text-destructive"
              }
            >
              {attemptLine(attempt)}
            </p>
          ))}
          {send.data ? (
            <p className="text-muted-foreground">
              It is selected in the list as soon as it appears.
            </p>
          ) : null}
        </div>
        <FormError message={send.error?.message} inline />
      </PopoverContent>
    </Popover>
  );
}
