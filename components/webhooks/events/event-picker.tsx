"use client";

import { NativeSelect } from "@/components/ui/native-select";
import type { EventSummary } from "@/lib/webhooks/shared/event-shapes/describe";
import { formatCount, plural } from "@/lib/ui/format";
import { visibleText } from "@/lib/ui/visible-text";

/**
 * The event list as one control, for narrow screens where the list would push the fields far down: the
 * phone's own picker, each event with its deliveries and notes.
 */
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
    <NativeSelect
      size="sm"
      aria-label="Event"
      className="w-full"
      value={selected ?? ""}
      onChange={(event) => onSelect(event.target.value)}
    >
      {selected === null ? (
        <option value="" disabled>
          Pick an event
        </option>
      ) : null}
      {events.map((event) => {
        const notes = event.specDifferences + event.changes;
        return (
          <option key={event.event} value={event.event}>
            {visibleText(event.event)} · {formatCount(event.deliveries)}
            {notes > 0 ? ` · ${plural(notes, "note")}` : ""}
          </option>
        );
      })}
    </NativeSelect>
  );
}
