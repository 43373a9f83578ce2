"use client";

import type { UseMutationResult } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { Label } from "@/components/ui/label";
import type { DeliveryResult, EndpointView } from "@/lib/webhooks/browser/console-client";
import { isWebhookEvent, WEBHOOK_EVENTS, type WebhookEvent } from "@/lib/webhooks/shared/events";
import { FilterSelect } from "./filter-select";

function attemptLine(attempt: DeliveryResult["attempts"][number]): string {
  return attempt.status !== undefined
    ? `Attempt ${attempt.n}: answered ${attempt.status} in ${attempt.ms} ms`
    : `Attempt ${attempt.n}: ${attempt.error ?? "failed"} after ${attempt.ms} ms`;
}

/** The test send's popover: which endpoint, which event, Send, and the attempt as it goes. */
export function TestSendForm({
  endpoints,
  target,
  onTarget,
  event,
  onEvent,
  send,
}: {
  endpoints: EndpointView[];
  target: string;
  onTarget: (endpointId: string | null) => void;
  event: WebhookEvent;
  onEvent: (event: WebhookEvent) => void;
  send: UseMutationResult<DeliveryResult, Error, void>;
}) {
  const selected = endpoints.find((e) => e.id === target);
  return (
    <>
      <div className="grid gap-1">
        <Label>Endpoint</Label>
        <FilterSelect
          label="Endpoint to send to"
          allLabel="Default"
          value={target}
          options={endpoints.map((e) => ({ value: e.id, label: e.name }))}
          onChange={onTarget}
        />
      </div>
      <div className="grid gap-1">
        <Label>Event</Label>
        <FilterSelect
          label="Event to send"
          allLabel="task.completed"
          value={event}
          options={WEBHOOK_EVENTS.map((name) => ({ value: name, label: name }))}
          onChange={(name) => onEvent(isWebhookEvent(name) ? name : "task.completed")}
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
            className={attempt.status && attempt.status < 300 ? "text-success" : "text-destructive"}
          >
            {attemptLine(attempt)}
          </p>
        ))}
        {send.data ? (
          <p className="text-muted-foreground">It is selected in the list as soon as it appears.</p>
        ) : null}
      </div>
      <FormError message={send.error?.message} inline />
    </>
  );
}
