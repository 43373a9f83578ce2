"use client";

import { ListFilter, X } from "lucide-react";
import { memo, useRef, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DeferredSheet } from "@/components/ui/deferred-sheet";

import type { FacetCounts, ProjectsIndex } from "@/lib/projects/rows";
import type { FilterChoices } from "@/lib/projects/view";
import { ProjectsFilters, type FiltersPatch } from "./projects-filters";
import { SearchField } from "./search-field";
import { plural } from "@/lib/ui/format";

function activeCount(filters: FilterChoices): number {
  return (
    filters.status.length +
    filters.town.length +
    filters.client.length +
    (filters.created ? 1 : 0) +
    (filters.updated ? 1 : 0)
  );
}

/**
 * Search, filters and one Reset. Below 640 px the filters collapse into one "Filters" sheet so the toolbar
 * fits a phone without scrolling sideways. Memoised, with the search text apart from the other choices: a
 * keystroke re-renders the search field here, and the filters only once their counts change.
 */
export const ProjectsToolbar = memo(function ProjectsToolbar({
  q,
  choices,
  index,
  facets,
  narrow,
  filtered,
  shown,
  onSearch,
  onChange,
  onReset,
  children,
}: {
  q: string;
  choices: FilterChoices;
  index: ProjectsIndex;
  facets: FacetCounts;
  narrow: boolean;
  filtered: boolean;
  /** Rows the filters leave, for the Filters sheet's closing button. */
  shown: number;
  onSearch: (q: string) => void;
  onChange: (patch: FiltersPatch) => void;
  onReset: () => void;
  /** View and export controls, at the end of the row. */
  children: React.ReactNode;
}) {
  const count = activeCount(choices);
  const reset = filtered ? (
    <Button variant="ghost" size="sm" onClick={onReset}>
      Reset
      <X />
    </Button>
  ) : null;
  return (
    <search aria-label="Filter projects" className="flex flex-wrap items-center gap-2">
      <SearchField value={q} onChange={onSearch} />
      {narrow ? (
        <FiltersSheet count={count} shown={shown} reset={reset}>
          <ProjectsFilters
            choices={choices}
            index={index}
            facets={facets}
            onChange={onChange}
            stacked
          />
        </FiltersSheet>
      ) : (
        <ProjectsFilters choices={choices} index={index} facets={facets} onChange={onChange} />
      )}
      {reset}
      <div className="ml-auto flex items-center gap-2">{children}</div>
    </search>
  );
});

/**
 * Below 640 px: the "Filters" button and the sheet it opens from the bottom. The sheet's Radix code is not part
 * of the list's (a phone evaluates less as the list arrives): it loads when the browser is idle, or on the press.
 */
function FiltersSheet({
  count,
  shown,
  reset,
  children,
}: {
  count: number;
  shown: number;
  reset: React.ReactNode;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        variant="outline"
        size="sm"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <ListFilter />
        Filters
        {count > 0 ? (
          <Badge variant="secondary" className="rounded-sm px-1 font-normal tabular-nums">
            {count}
          </Badge>
        ) : null}
      </Button>
      <DeferredSheet
        open={open}
        onOpenChange={setOpen}
        content={(ui) => (
          <ui.SheetContent
            side="bottom"
            className="max-h-[85dvh] gap-0"
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              button.current?.focus();
            }}
          >
            <ui.SheetHeader>
              <ui.SheetTitle>Filters</ui.SheetTitle>
              <ui.SheetDescription>Counts show what each choice would leave.</ui.SheetDescription>
            </ui.SheetHeader>
            <div className="flex flex-col gap-2 overflow-y-auto px-4 pb-4">{children}</div>
            <ui.SheetFooter className="flex-row justify-between border-t">
              {reset ?? <span />}
              <ui.SheetClose asChild>
                <Button>Show {plural(shown, "project")}</Button>
              </ui.SheetClose>
            </ui.SheetFooter>
          </ui.SheetContent>
        )}
      />
    </>
  );
}
