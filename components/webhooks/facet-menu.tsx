"use client";

import { ChevronDownIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DeferredDropdownMenu } from "@/components/ui/deferred-dropdown-menu";
import { formatCount } from "@/lib/ui/format";
import { cn } from "@/lib/utils";
import { FacetOptionText, type FacetOption } from "./facet-option";

/** The menu's value for "no filter" (a radio group needs a value for each item). */
const ALL = "";

/**
 * A facet of the inspector's toolbar: one value or all, each option with its count when the API gave one.
 * A menu of radio items whose code comes when the page is idle (DeferredDropdownMenu): a select mounted with
 * the page rendered all its options at once, in a second render of its own, the inspector's biggest piece of
 * work on a phone before anything was tapped.
 */
export function FacetMenu({
  label,
  allLabel,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  allLabel: string;
  value: string;
  options: FacetOption[];
  onChange: (value: string | null) => void;
  className?: string;
}) {
  const selected = value
    ? (options.find((option) => option.value === value) ?? { value, label: value })
    : undefined;
  const shown = selected?.label ?? allLabel;
  return (
    <DeferredDropdownMenu
      trigger={
        <Button
          variant="outline"
          size="sm"
          aria-label={`${label}: ${shown}`}
          className={cn("min-w-0 font-normal", className)}
        >
          <span className="min-w-0 truncate">{shown}</span>
          {selected?.count !== undefined ? (
            <span className="text-xs text-muted-foreground tabular-nums">
              {formatCount(selected.count)}
            </span>
          ) : null}
          <ChevronDownIcon className="opacity-60" />
        </Button>
      }
      content={(ui) => (
        <ui.DropdownMenuContent align="start" className="max-h-80 min-w-48 overflow-y-auto">
          <ui.DropdownMenuLabel className="text-xs font-normal text-muted-foreground">
            {label}
          </ui.DropdownMenuLabel>
          <ui.DropdownMenuRadioGroup
            value={value || ALL}
            onValueChange={(next) => onChange(next === ALL ? null : next)}
          >
            {[{ value: ALL, label: allLabel }, ...options].map((option) => (
              <ui.DropdownMenuRadioItem key={option.value || "all"} value={option.value}>
                <FacetOptionText option={option} />
              </ui.DropdownMenuRadioItem>
            ))}
          </ui.DropdownMenuRadioGroup>
        </ui.DropdownMenuContent>
      )}
    />
  );
}
