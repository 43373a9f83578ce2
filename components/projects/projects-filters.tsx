"use client";

import { memo, useMemo } from "react";
import type { FacetCounts, ProjectsIndex } from "@/lib/projects/rows";
import { facetOptions } from "@/lib/projects/rows";
import { statusLabel } from "@/lib/projects/status";
import type { DateRange } from "@/lib/projects/date-range";
import type { DateFilterId, FacetId, FilterChoices } from "@/lib/projects/view";
import { DateFilter } from "./date-filter";
import { FacetFilter } from "./facet-filter";

const FACETS: { id: FacetId; title: string; labelOf?: (value: string) => string }[] = [
  { id: "status", title: "Status", labelOf: statusLabel },
  { id: "town", title: "Town" },
  { id: "client", title: "Client" },
];

const DATES: { id: DateFilterId; title: string }[] = [
  { id: "created", title: "Created" },
  { id: "updated", title: "Updated" },
];

export type FiltersPatch = Partial<{ [K in keyof FilterChoices]: FilterChoices[K] | null }>;

/**
 * The faceted and date filters, in a row on wide screens and stacked in the Filters sheet on narrow ones.
 * Memoised with stable handlers: new counts re-render the facets, while the date filters stay as they are.
 */
export const ProjectsFilters = memo(function ProjectsFilters({
  choices,
  index,
  facets,
  onChange,
  stacked = false,
}: {
  choices: FilterChoices;
  index: ProjectsIndex;
  facets: FacetCounts;
  onChange: (patch: FiltersPatch) => void;
  stacked?: boolean;
}) {
  const item = stacked ? "w-full justify-start" : undefined;
  const handlers = useMemo(
    () => ({
      facet: Object.fromEntries(
        FACETS.map(({ id }) => [
          id,
          (values: string[]) => onChange({ [id]: values.length ? values : null }),
        ]),
      ) as Record<FacetId, (values: string[]) => void>,
      date: Object.fromEntries(
        DATES.map(({ id }) => [id, (range: DateRange | null) => onChange({ [id]: range })]),
      ) as Record<DateFilterId, (range: DateRange | null) => void>,
    }),
    [onChange],
  );
  return (
    <>
      {FACETS.map(({ id, title, labelOf }) => (
        <FacetFilter
          key={id}
          title={title}
          labelOf={labelOf}
          getOptions={() => facetOptions(index, id, facets[id], choices[id])}
          selected={choices[id]}
          onChange={handlers.facet[id]}
          className={item}
        />
      ))}
      {DATES.map(({ id, title }) => (
        <DateFilter
          key={id}
          title={title}
          value={choices[id]}
          onChange={handlers.date[id]}
          className={item}
        />
      ))}
    </>
  );
});
