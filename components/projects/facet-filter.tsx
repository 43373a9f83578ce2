"use client";

import { PlusCircle } from "lucide-react";
import dynamic from "next/dynamic";
import { memo } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DeferredPopover } from "@/components/ui/deferred-popover";
import { Separator } from "@/components/ui/separator";
import { UserText } from "@/components/ui/user-text";
import type { FacetOption } from "@/lib/projects/rows";
import { cn } from "@/lib/utils";

/** The options list (cmdk) is fetched when a facet popover first opens, not with the page. */
const FacetOptions = dynamic(() => import("./facet-options").then((m) => m.FacetOptions), {
  ssr: false,
  loading: () => <div aria-hidden="true" className="h-24" />,
});

/**
 * A searchable multi-select (tablecn's faceted filter): each option says how many rows it would show with
 * the other filters applied; the trigger shows what is chosen. Nothing chosen means every value. Memoised:
 * the toolbar re-renders on every keystroke, a facet only when its counts or choices change.
 */
export const FacetFilter = memo(function FacetFilter({
  title,
  getOptions,
  selected,
  onChange,
  labelOf = (value) => value,
  className,
}: {
  title: string;
  /** Called when the popover opens: sorting the options needs the collator, which a phone makes slowly. */
  getOptions: () => FacetOption[];
  selected: string[];
  onChange: (values: string[]) => void;
  labelOf?: (value: string) => string;
  className?: string;
}) {
  return (
    <DeferredPopover
      trigger={
        <Button
          variant="outline"
          size="sm"
          className={cn("border-dashed", className)}
          aria-label={`${title} filter${selected.length ? `: ${selected.map(labelOf).join(", ")}` : ""}`}
        >
          <PlusCircle />
          {title}
          {selected.length > 0 ? (
            <>
              <Separator orientation="vertical" className="mx-0.5 h-4" />
              {selected.length > 2 ? (
                <Badge variant="secondary" className="rounded-sm px-1 font-normal">
                  {selected.length} selected
                </Badge>
              ) : (
                selected.map((value) => (
                  <Badge
                    key={value}
                    variant="secondary"
                    className="max-w-32 rounded-sm px-1 font-normal"
                  >
                    <UserText value={labelOf(value)} truncate />
                  </Badge>
                ))
              )}
            </>
          ) : null}
        </Button>
      }
      content={(ui) => (
        <ui.PopoverContent className="w-64 p-0" align="start" aria-label={`${title} filter`}>
          <FacetOptions
            title={title}
            options={getOptions()}
            selected={selected}
            labelOf={labelOf}
            onChange={onChange}
          />
        </ui.PopoverContent>
      )}
    />
  );
});
