import { CircleAlertIcon, RotateCcwIcon, SendIcon } from "lucide-react";
import { Age } from "@/components/ui/age";
import { UserText } from "@/components/ui/user-text";
import type { DeliverySummary } from "@/lib/webhooks/browser/console-client";
import { formatBytes } from "@/lib/webhooks/shared/format";
import { plural } from "@/lib/ui/format";
import { cn } from "@/lib/utils";
import { VerificationBadge } from "./verification-badge";

/** One delivery in the list: what it is and how it went, in two dense lines. */
export function DeliveryRow({
  delivery,
  selected,
}: {
  delivery: DeliverySummary;
  selected: boolean;
}) {
  const status = delivery.response.status;
  const findings = delivery.findingCount;
  return (
    <div
      className={cn(
        "flex h-full flex-col justify-center gap-1 border-b border-l-2 border-l-transparent px-3 text-[13px]",
        selected ? "border-l-ring bg-accent" : "hover:bg-accent/50",
      )}
    >
      <div className="flex min-w-0 items-center gap-2">
        <span className="min-w-0 flex-1 truncate font-medium">
          {delivery.event ? (
            <UserText value={delivery.event} truncate />
          ) : (
            <span className="text-muted-foreground italic">no event</span>
          )}
        </span>
        {findings > 0 ? (
          <span
            className="inline-flex items-center gap-0.5 text-xs text-warning"
            title={plural(findings, "finding")}
          >
            <CircleAlertIcon className="size-3.5" aria-hidden="true" />
            <span className="sr-only">Findings:</span>
            {findings}
          </span>
        ) : null}
        {delivery.forwarded ? (
          <span
            className="inline-flex items-center text-xs text-info"
            title="Forwarded to a local handler (project-console listen)"
          >
            <SendIcon className="size-3.5" aria-hidden="true" />
            <span className="sr-only">Forwarded</span>
          </span>
        ) : null}
        <VerificationBadge
          result={delivery.verification.result}
          schemeMismatch={delivery.verification.schemeMismatch}
        />
      </div>
      <div className="flex min-w-0 items-center gap-2 text-xs text-muted-foreground tabular-nums">
        <span
          className={cn(
            "font-mono",
            status >= 500 ? "text-destructive" : status >= 400 ? "text-warning" : undefined,
          )}
          title={`We answered ${status}${delivery.response.scripted ? " (scripted)" : ""}`}
        >
          {status}
          {delivery.response.scripted ? "*" : ""}
        </span>
        <span aria-hidden="true">·</span>
        <span>{formatBytes(delivery.size)}</span>
        {delivery.attempt.number > 1 ? (
          <>
            <span aria-hidden="true">·</span>
            <span className="inline-flex items-center gap-0.5 text-info">
              <RotateCcwIcon className="size-3" aria-hidden="true" />
              attempt {delivery.attempt.number}
            </span>
          </>
        ) : null}
        <Age className="ml-auto shrink-0" at={delivery.receivedAt} />
      </div>
    </div>
  );
}
