"use client";

import { CalendarDays } from "lucide-react";
import { memo, useState } from "react";
import type { DateRange as DayRange } from "react-day-picker";
import { Badge } from "@/components/ui/badge";
import { LazyCalendar as Calendar } from "@/components/ui/lazy-calendar";
import { Button } from "@/components/ui/button";
import { DeferredPopover } from "@/components/ui/deferred-popover";
import { Separator } from "@/components/ui/separator";
import {
  DATE_PRESETS,
  describeDateRange,
  formatDay,
  parseDay,
  type DateRange,
} from "@/lib/projects/date-range";
import { cn } from "@/lib/utils";

function toDayRange(range: DateRange | null): DayRange | undefined {
  if (!range || "preset" in range) return undefined;
  return { from: parseDay(range.from)!, to: parseDay(range.to)! };
}

/**
 * A created / updated filter: a preset in one click, or a custom range picked on the calendar and applied
 * (both days included, in the member's time zone). Memoised: typing in the search leaves it alone.
 */
export const DateFilter = memo(function DateFilter({
  title,
  value,
  onChange,
  className,
}: {
  title: string;
  value: DateRange | null;
  onChange: (range: DateRange | null) => void;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<DayRange | undefined>(() => toDayRange(value));
  const choose = (range: DateRange | null) => {
    onChange(range);
    setOpen(false);
  };

  return (
    <DeferredPopover
      open={open}
      onOpenChange={(next) => {
        if (next) setDraft(toDayRange(value));
        setOpen(next);
      }}
      trigger={
        <Button
          variant="outline"
          size="sm"
          className={cn("border-dashed", className)}
          aria-label={`${title} filter${value ? `: ${describeDateRange(value)}` : ""}`}
        >
          <CalendarDays />
          {title}
          {value ? (
            <>
              <Separator orientation="vertical" className="mx-0.5 h-4" />
              <Badge variant="secondary" className="rounded-sm px-1 font-normal">
                {describeDateRange(value)}
              </Badge>
            </>
          ) : null}
        </Button>
      }
      content={(ui) => (
        <ui.PopoverContent align="start" className="w-auto p-0" aria-label={`${title} filter`}>
          <div className="flex flex-col sm:flex-row">
            <div
              role="group"
              aria-label={`${title} presets`}
              className="flex flex-row flex-wrap gap-1 border-b p-2 sm:w-36 sm:flex-col sm:border-r sm:border-b-0"
            >
              {DATE_PRESETS.map((preset) => (
                <Button
                  key={preset.id}
                  variant={
                    value && "preset" in value && value.preset === preset.id ? "secondary" : "ghost"
                  }
                  size="sm"
                  className="justify-start"
                  aria-pressed={Boolean(value && "preset" in value && value.preset === preset.id)}
                  onClick={() => choose({ preset: preset.id })}
                >
                  {preset.label}
                </Button>
              ))}
              <Button
                variant="ghost"
                size="sm"
                className="justify-start"
                disabled={!value}
                onClick={() => choose(null)}
              >
                Any time
              </Button>
            </div>
            <div className="flex flex-col">
              <Calendar
                mode="range"
                selected={draft}
                onSelect={setDraft}
                defaultMonth={draft?.from ?? new Date()}
                numberOfMonths={1}
                disabled={{ after: new Date() }}
              />
              <div className="flex items-center justify-between gap-2 border-t p-2">
                <span className="text-xs text-muted-foreground" aria-live="polite">
                  {draft?.from ? "Custom range" : "Pick a first and last day"}
                </span>
                <Button
                  size="sm"
                  disabled={!draft?.from}
                  onClick={() => {
                    if (!draft?.from) return;
                    const from = formatDay(draft.from);
                    choose({ from, to: draft.to ? formatDay(draft.to) : from });
                  }}
                >
                  Apply range
                </Button>
              </div>
            </div>
          </div>
        </ui.PopoverContent>
      )}
    />
  );
});
