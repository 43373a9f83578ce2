"use client";

import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { UserText } from "@/components/ui/user-text";
import type { EventSummary } from "@/lib/webhooks/shared/event-shapes/describe";
import { formatCount } from "@/lib/ui/format";

/** The event list as one control, for narrow screens where the list would push the fields far down. */
export function EventPicker({
  events,
  selected,
  onSelect,
}: {
  events: EventSummary[];
  selected: string | null;
  onSelect: (event: string) => void;
}) {
  return (
    <Select value={selected ?? undefined} onValueChange={onSelect}>
      <SelectTrigger size="sm" aria-label="Event" className="w-full">
        <SelectValue placeholder="Pick an event" />
      </SelectTrigger>
      <SelectContent>
        {events.map((event) => (
          <SelectItem key={event.event} value={event.event}>
            <span className="flex w-full min-w-0 items-center justify-between gap-3">
              <span className="min-w-0 font-mono text-xs">
                <UserText value={event.event} truncate />
              </span>
              <span className="text-xs text-muted-foreground tabular-nums">
                {formatCount(event.deliveries)}
                {event.specDifferences + event.changes > 0
                  ? ` · ${event.specDifferences + event.changes} notes`
                  : ""}
              </span>
            </span>
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
