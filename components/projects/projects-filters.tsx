"use client";

import { memo, useMemo } from "react";
import type { FacetCounts, ProjectsIndex } from "@/lib/projects/rows";
import { facetOptions } from "@/lib/projects/rows";
import {
  byColumn,
  DATE_FILTER_IDS,
  FACET_IDS,
  facetOptionLabel,
  PROJECT_COLUMNS,
} from "@/lib/projects/columns";
import type { DateRange } from "@/lib/projects/date-range";
import type { FilterChoices } from "@/lib/projects/view";
import { DateFilter } from "./date-filter";
import { FacetFilter } from "./facet-filter";

/** The toolbar's filters, each named by its column (lib/projects/columns.ts), in toolbar order. */
const FACETS = FACET_IDS.map((id) => ({
  id,
  title: PROJECT_COLUMNS[id].header,
  labelOf: facetOptionLabel(id),
}));

const DATES = DATE_FILTER_IDS.map((id) => ({ id, title: PROJECT_COLUMNS[id].header }));

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
      facet: byColumn(
        FACET_IDS,
        (id) => (values: string[]) => onChange({ [id]: values.length ? values : null }),
      ),
      date: byColumn(
        DATE_FILTER_IDS,
        (id) => (range: DateRange | null) => onChange({ [id]: range }),
      ),
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
