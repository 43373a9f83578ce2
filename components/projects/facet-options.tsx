"use client";

import { Check } from "lucide-react";
import { useState } from "react";
import {
  Command,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
  CommandSeparator,
} from "@/components/ui/command";
import { UserText } from "@/components/ui/user-text";
import type { FacetOption } from "@/lib/projects/rows";
import { cn } from "@/lib/utils";
import { formatCount, plural } from "@/lib/ui/format";

/** A popover lists at most this many options; a facet of a thousand clients is narrowed by its search. */
export const FACET_OPTION_LIMIT = 100;

/**
 * The options to list for a search: plain substring matches (cmdk's own filter is fuzzy, which lists
 * near-misses, and would render every option first), at most the limit, chosen ones always kept.
 */
function listedOptions(
  options: FacetOption[],
  search: string,
  labelOf: (value: string) => string,
  chosen: Set<string>,
): { listed: FacetOption[]; matching: number } {
  const needle = search.trim().toLowerCase();
  const matches = needle
    ? options.filter(
        ({ value }) =>
          value.toLowerCase().includes(needle) || labelOf(value).toLowerCase().includes(needle),
      )
    : options;
  if (matches.length <= FACET_OPTION_LIMIT) return { listed: matches, matching: matches.length };
  const listed = matches.slice(0, FACET_OPTION_LIMIT);
  const hidden = matches.slice(FACET_OPTION_LIMIT).filter(({ value }) => chosen.has(value));
  return { listed: [...listed, ...hidden], matching: matches.length };
}

/** A facet popover's searchable list of options with their counts (FacetFilter's popover content). */
export function FacetOptions({
  title,
  options,
  selected,
  labelOf,
  onChange,
}: {
  title: string;
  options: FacetOption[];
  selected: string[];
  labelOf: (value: string) => string;
  onChange: (values: string[]) => void;
}) {
  const chosen = new Set(selected);
  // Mounted while the popover is open: each opening starts with an empty search.
  const [search, setSearch] = useState("");
  const { listed, matching } = listedOptions(options, search, labelOf, chosen);
  const toggle = (value: string) =>
    onChange(chosen.has(value) ? selected.filter((v) => v !== value) : [...selected, value]);
  return (
    <Command shouldFilter={false}>
      <CommandInput
        placeholder={title}
        aria-label={`Search ${title.toLowerCase()}`}
        value={search}
        onValueChange={setSearch}
      />
      <CommandList>
        <CommandEmpty>No {title.toLowerCase()} matches.</CommandEmpty>
        <CommandGroup>
          {listed.map(({ value, count }) => {
            const checked = chosen.has(value);
            return (
              <CommandItem
                key={value}
                value={value}
                keywords={[labelOf(value)]}
                onSelect={() => toggle(value)}
                aria-checked={checked}
                aria-label={`${labelOf(value)}, ${plural(count, "project")}`}
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
                  {formatCount(count)}
                </span>
              </CommandItem>
            );
          })}
        </CommandGroup>
        {matching > FACET_OPTION_LIMIT ? (
          <p className="px-3 py-2 text-xs text-muted-foreground" role="note">
            First {formatCount(FACET_OPTION_LIMIT)} of {formatCount(matching)}: type to narrow.
          </p>
        ) : null}
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
  );
}
