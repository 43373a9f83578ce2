import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { DeliveryDetail } from "@/lib/webhooks/browser/console-client";
import { formatDuration } from "@/lib/ui/format";
import { cn } from "@/lib/utils";
import { ForwardsList } from "./forwards-list";
import { VerificationBadge } from "./verification-badge";

/**
 * The retry group on a small timeline: each attempt's answer, and the gap before it (the sender's backoff).
 * Dots are placed by time, so a sender's doubling backoff is visible at a glance; an attempt answered by
 * the endpoint's answer sequence names its step. Below, what listeners' local handlers answered when this delivery was forwarded to them.
 */
export function AttemptsTab({
  delivery,
  onSelect,
}: {
  delivery: DeliveryDetail;
  onSelect: (id: string) => void;
}) {
  const group = delivery.retryGroup;
  const first = Date.parse(group[0]?.receivedAt ?? delivery.receivedAt);
  const span = Math.max(1, Date.parse(group.at(-1)?.receivedAt ?? delivery.receivedAt) - first);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-[13px] text-muted-foreground">
        {group.length <= 1
          ? "A single attempt: no other delivery of the same body reached this endpoint within the retry window."
          : `${group.length} attempts of the same body, over ${formatDuration(span)}. The sender retries when we answer other than 2xx or too slowly.`}
      </p>
      {group.length > 1 ? (
        <div className="relative mx-2 h-6" aria-hidden="true">
          <div className="absolute top-1/2 right-0 left-0 h-px bg-border" />
          {group.map((member) => (
            <span
              key={member.id}
              className={cn(
                "absolute top-1/2 size-3 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-background",
                member.status < 300 ? "bg-success" : "bg-destructive",
                member.id === delivery.id && "ring-2 ring-ring",
              )}
              style={{ left: `${((Date.parse(member.receivedAt) - first) / span) * 100}%` }}
            />
          ))}
        </div>
      ) : null}
      <ol className="flex flex-col text-[13px]">
        {group.map((member) => (
          <li key={member.id} className="flex flex-col">
            {member.gapMs !== null ? (
              <span className="ml-[1.1rem] border-l border-dashed py-1 pl-4 text-xs text-muted-foreground">
                {formatDuration(member.gapMs)} later
              </span>
            ) : null}
            <div
              className={cn(
                "flex flex-wrap items-center gap-2 rounded-md border px-2.5 py-1.5",
                member.id === delivery.id ? "border-ring bg-accent" : "bg-card",
              )}
            >
              <span className="font-medium">Attempt {member.attempt}</span>
              <span
                className={cn(
                  "font-mono text-xs",
                  member.status < 300 ? "text-success" : "text-destructive",
                )}
              >
                answered {member.status}
              </span>
              {member.step ? (
                <Badge variant="info" data-testid="attempt-step">
                  step {member.step.number} of {member.step.of}
                  {member.hangSeconds ? `: hold ${member.hangSeconds} s` : ""}
                </Badge>
              ) : null}
              <VerificationBadge result={member.verification} />
              <time
                className="font-mono text-xs text-muted-foreground"
                dateTime={member.receivedAt}
              >
                {member.receivedAt}
              </time>
              {member.id === delivery.id ? (
                <span className="ml-auto text-xs text-muted-foreground">this one</span>
              ) : (
                <Button
                  variant="link"
                  size="sm"
                  className="ml-auto h-auto p-0"
                  onClick={() => onSelect(member.id)}
                >
                  Open
                </Button>
              )}
            </div>
          </li>
        ))}
      </ol>
      <ForwardsList deliveryId={delivery.id} />
    </div>
  );
}
