"use client";

import { Badge } from "@/components/ui/badge";
import { UserText } from "@/components/ui/user-text";
import type { EventSummary } from "@/lib/webhooks/shared/event-shapes/describe";
import { isWebhookEvent } from "@/lib/webhooks/shared/events";
import { cn } from "@/lib/utils";
import { formatCount, plural } from "@/lib/ui/format";

/** The events profiled at the endpoint: name, deliveries, and how many notes each carries. */
export function EventList({
  events,
  selected,
  onSelect,
}: {
  events: EventSummary[];
  selected: string | null;
  onSelect: (event: string) => void;
}) {
  return (
    <nav aria-label="Events" className="rounded-lg border bg-card">
      <ul className="flex flex-col p-1">
        {events.map((event) => {
          const active = event.event === selected;
          return (
            <li key={event.event}>
              <button
                type="button"
                aria-current={active ? "true" : undefined}
                onClick={() => onSelect(event.event)}
                className={cn(
                  "flex w-full min-w-0 flex-col gap-1 rounded-md px-2.5 py-2 text-left text-[13px] transition-colors",
                  active ? "bg-accent text-accent-foreground" : "hover:bg-accent/60",
                )}
              >
                <span className="flex w-full min-w-0 items-center gap-2">
                  <span className="min-w-0 flex-1 font-mono text-xs font-medium">
                    <UserText value={event.event} truncate />
                  </span>
                  <span className="text-xs text-muted-foreground tabular-nums">
                    {formatCount(event.deliveries)}
                  </span>
                </span>
                <span className="flex flex-wrap gap-1">
                  {!isWebhookEvent(event.event) ? (
                    <Badge variant="warning">not a spec event</Badge>
                  ) : null}
                  {event.specDifferences > 0 ? (
                    <Badge variant="warning">
                      {plural(event.specDifferences, "spec difference")}
                    </Badge>
                  ) : null}
                  {event.changes > 0 ? (
                    <Badge variant="info">{plural(event.changes, "change")}</Badge>
                  ) : null}
                  <Badge variant="muted">{plural(event.fieldCount, "field")}</Badge>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
