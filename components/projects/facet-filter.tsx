"use client";

import { Check, PlusCircle } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Command,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
  CommandSeparator,
} from "@/components/ui/command";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Separator } from "@/components/ui/separator";
import { UserText } from "@/components/ui/user-text";
import type { FacetOption } from "@/lib/projects/rows";
import { cn } from "@/lib/utils";

/** Plain substring search (cmdk's default is fuzzy, which lists near-misses as matches). */
function containsFilter(value: string, search: string, keywords: string[] = []): number {
  const needle = search.trim().toLowerCase();
  return [value, ...keywords].some((text) => text.toLowerCase().includes(needle)) ? 1 : 0;
}

/**
 * A searchable multi-select (tablecn's faceted filter): each option says how many rows it would show with
 * the other filters applied; the trigger shows what is chosen. Nothing chosen means every value.
 */
export function FacetFilter({
  title,
  options,
  selected,
  onChange,
  labelOf = (value) => value,
  className,
}: {
  title: string;
  options: FacetOption[];
  selected: string[];
  onChange: (values: string[]) => void;
  labelOf?: (value: string) => string;
  className?: string;
}) {
  const chosen = new Set(selected);
  const toggle = (value: string) =>
    onChange(chosen.has(value) ? selected.filter((v) => v !== value) : [...selected, value]);

  return (
    <Popover>
      <PopoverTrigger asChild>
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
      </PopoverTrigger>
      <PopoverContent className="w-64 p-0" align="start" aria-label={`${title} filter`}>
        <Command filter={containsFilter}>
          <CommandInput placeholder={title} aria-label={`Search ${title.toLowerCase()}`} />
          <CommandList>
            <CommandEmpty>No {title.toLowerCase()} matches.</CommandEmpty>
            <CommandGroup>
              {options.map(({ value, count }) => {
                const checked = chosen.has(value);
                return (
                  <CommandItem
                    key={value}
                    value={value}
                    keywords={[labelOf(value)]}
                    onSelect={() => toggle(value)}
                    aria-checked={checked}
                    aria-label={`${labelOf(value)}, ${count.toLocaleString("en")} ${count === 1 ? "project" : "projects"}`}
                  >
                    <span
                      aria-hidden="true"
                      className={cn(
                        "flex size-4 items-center justify-center rounded-[4px] border border-input",
                        checked && "border-primary bg-primary text-primary-foreground",
                      )}
                    >
                      <Check className={cn("size-3.5 text-current", !checked && "invisible")} />
                    </span>
                    <UserText value={labelOf(value)} truncate className="min-w-0 flex-1" />
                    <span className="ml-auto font-mono text-xs text-muted-foreground tabular-nums">
                      {count.toLocaleString("en")}
                    </span>
                  </CommandItem>
                );
              })}
            </CommandGroup>
            {selected.length > 0 ? (
              <>
                <CommandSeparator />
                <CommandGroup>
                  <CommandItem onSelect={() => onChange([])} className="justify-center text-center">
                    Clear {title.toLowerCase()}
                  </CommandItem>
                </CommandGroup>
              </>
            ) : null}
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  );
}
