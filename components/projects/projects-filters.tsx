"use client";

import type { FacetCounts, ProjectsIndex } from "@/lib/projects/rows";
import { facetOptions } from "@/lib/projects/rows";
import { statusLabel } from "@/lib/projects/status";
import type { DateFilterId, FacetId, ProjectsFilters } from "@/lib/projects/view";
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

export type FiltersPatch = Partial<{ [K in keyof ProjectsFilters]: ProjectsFilters[K] | null }>;

/** The faceted and date filters, in a row on wide screens and stacked in the Filters sheet on narrow ones. */
export function ProjectsFilters({
  filters,
  index,
  facets,
  onChange,
  stacked = false,
}: {
  filters: ProjectsFilters;
  index: ProjectsIndex;
  facets: FacetCounts;
  onChange: (patch: FiltersPatch) => void;
  stacked?: boolean;
}) {
  const item = stacked ? "w-full justify-start" : undefined;
  return (
    <>
      {FACETS.map(({ id, title, labelOf }) => (
        <FacetFilter
          key={id}
          title={title}
          labelOf={labelOf}
          options={facetOptions(index, id, facets[id], filters[id])}
          selected={filters[id]}
          onChange={(values) => onChange({ [id]: values.length ? values : null })}
          className={item}
        />
      ))}
      {DATES.map(({ id, title }) => (
        <DateFilter
          key={id}
          title={title}
          value={filters[id]}
          onChange={(range) => onChange({ [id]: range })}
          className={item}
        />
      ))}
    </>
  );
}
