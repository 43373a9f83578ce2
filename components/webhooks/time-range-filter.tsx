"use client";

import { CalendarIcon, ChevronDownIcon } from "lucide-react";
import { useState } from "react";
import type { DateRange } from "react-day-picker";
import { Button } from "@/components/ui/button";
import { LazyCalendar as Calendar } from "@/components/ui/lazy-calendar";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { DeferredPopover } from "@/components/ui/deferred-popover";
import { formatShortMoment } from "@/lib/ui/format";
import { useHydrated } from "@/lib/ui/use-hydrated";
import {
  TIME_RANGES,
  type InspectorView,
  type TimeRange,
} from "@/lib/webhooks/browser/use-inspector-view";

const RANGE_LABELS: Record<TimeRange, string> = {
  "15m": "Last 15 minutes",
  "1h": "Last hour",
  "24h": "Last 24 hours",
  "7d": "Last 7 days",
};

type RangeView = Pick<InspectorView, "range" | "since" | "until">;

/**
 * The time-range facet: a preset (relative, resolved at each fetch) or a custom range picked on a calendar
 * with times to the second, in the user's time zone. The custom range goes to the URL as `since`/`until`
 * (until is exclusive, so "to 10:15:30" means up to the end of that second).
 */
export function TimeRangeFilter({
  view,
  setView,
}: {
  view: RangeView;
  setView: (patch: Partial<InspectorView>) => void;
}) {
  const [open, setOpen] = useState(false);
  // A custom range is written in the member's time zone, which the server rendering the page cannot know.
  const hydrated = useHydrated();
  const label = describeRange(view, hydrated ? "local" : "utc");
  return (
    <DeferredPopover
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          variant="outline"
          size="sm"
          aria-label={`Time range: ${label}`}
          className="max-w-full"
        >
          <CalendarIcon className="text-muted-foreground" />
          <span className="truncate">{label}</span>
          <ChevronDownIcon className="text-muted-foreground" />
        </Button>
      }
      content={(ui) => (
        <ui.PopoverContent align="start" className="flex w-auto flex-col p-0 sm:flex-row">
          <div
            role="group"
            aria-label="Presets"
            className="flex flex-wrap gap-1 border-b p-2 sm:w-40 sm:flex-col sm:flex-nowrap sm:border-r sm:border-b-0"
          >
            {[null, ...TIME_RANGES].map((range) => (
              <Button
                key={range ?? "any"}
                variant={isPreset(view, range) ? "secondary" : "ghost"}
                size="sm"
                aria-pressed={isPreset(view, range)}
                className="justify-start"
                onClick={() => {
                  setView({ range, since: null, until: null });
                  setOpen(false);
                }}
              >
                {range ? RANGE_LABELS[range] : "Any time"}
              </Button>
            ))}
          </div>
          {/* Mounted on open, so the form starts from the range in the URL each time. */}
          <CustomRangeForm
            view={view}
            onApply={(since, until) => {
              setView({ range: null, since, until });
              setOpen(false);
            }}
          />
        </ui.PopoverContent>
      )}
    />
  );
}

function CustomRangeForm({
  view,
  onApply,
}: {
  view: RangeView;
  onApply: (since: string, until: string) => void;
}) {
  const initialFrom = !view.range && view.since ? new Date(view.since) : undefined;
  const initialTo =
    !view.range && view.until ? new Date(Date.parse(view.until) - 1_000) : undefined;
  const [days, setDays] = useState<DateRange | undefined>(
    initialFrom || initialTo
      ? { from: initialFrom ?? initialTo, to: initialTo ?? initialFrom }
      : undefined,
  );
  const [fromTime, setFromTime] = useState(initialFrom ? timeOfDay(initialFrom) : "00:00:00");
  const [toTime, setToTime] = useState(initialTo ? timeOfDay(initialTo) : "23:59:59");
  const [error, setError] = useState<string | null>(null);

  const apply = () => {
    const fromDay = days?.from;
    const toDay = days?.to ?? days?.from;
    if (!fromDay || !toDay) return setError("Pick a day, or two for a range, on the calendar.");
    const since = atTime(fromDay, fromTime);
    const last = atTime(toDay, toTime);
    if (!since || !last) return setError("Enter times as hours, minutes and seconds.");
    if (since > last) return setError("The start is after the end.");
    onApply(since.toISOString(), new Date(last.getTime() + 1_000).toISOString());
  };

  return (
    <form
      className="flex flex-col gap-3 p-3"
      aria-label="Custom range"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <Calendar
        mode="range"
        selected={days}
        onSelect={(next) => {
          setDays(next);
          setError(null);
        }}
        defaultMonth={days?.from}
        className="p-0"
      />
      <div className="grid grid-cols-2 gap-2">
        <div className="flex flex-col gap-1">
          <Label htmlFor="range-from-time">From</Label>
          <Input
            id="range-from-time"
            type="time"
            step={1}
            value={fromTime}
            onChange={(event) => setFromTime(event.target.value)}
            className="h-7"
          />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="range-to-time">To (inclusive)</Label>
          <Input
            id="range-to-time"
            type="time"
            step={1}
            value={toTime}
            onChange={(event) => setToTime(event.target.value)}
            className="h-7"
          />
        </div>
      </div>
      {error ? (
        <p role="alert" className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="sm">
        Apply range
      </Button>
    </form>
  );
}

function isPreset(view: RangeView, range: TimeRange | null): boolean {
  if (range) return view.range === range;
  return !view.range && !view.since && !view.until;
}

export function describeRange(view: RangeView, zone: "local" | "utc" = "local"): string {
  if (view.range) return RANGE_LABELS[view.range];
  if (!view.since && !view.until) return "Any time";
  const from = view.since ? formatShortMoment(new Date(view.since), zone) : "the start";
  const to = view.until ? formatShortMoment(new Date(Date.parse(view.until) - 1_000), zone) : "now";
  return `${from} – ${to}${zone === "utc" ? " UTC" : ""}`;
}

function timeOfDay(date: Date): string {
  return [date.getHours(), date.getMinutes(), date.getSeconds()]
    .map((part) => String(part).padStart(2, "0"))
    .join(":");
}

/** A calendar day at a time of day ("HH:MM" or "HH:MM:SS"), local time; null for a malformed time. */
function atTime(day: Date, time: string): Date | null {
  const match = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time);
  if (!match) return null;
  const [hours, minutes, seconds] = [match[1], match[2], match[3] ?? "0"].map(Number);
  const result = new Date(day);
  result.setHours(hours!, minutes!, seconds!, 0);
  return result;
}
