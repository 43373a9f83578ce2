"use client";

import type { FacetOption } from "@/lib/projects/facets";
import type { ProjectsViewState } from "@/lib/projects/view";
import { secondaryButton } from "./button-styles";
import { SearchField } from "./search-field";
import { StatusFilter } from "./status-filter";
import { TownFilter } from "./town-filter";

export interface ProjectsToolbarProps {
  view: ProjectsViewState;
  statusOptions: FacetOption[];
  townOptions: FacetOption[];
  filtered: boolean;
  onChange: (patch: Partial<Pick<ProjectsViewState, "q" | "status" | "town">>) => void;
  onClear: () => void;
}

export function ProjectsToolbar({
  view,
  statusOptions,
  townOptions,
  filtered,
  onChange,
  onClear,
}: ProjectsToolbarProps) {
  return (
    <search aria-label="Filter projects" className="flex flex-wrap items-end gap-3">
      <SearchField value={view.q} onChange={(q) => onChange({ q })} />
      <StatusFilter
        options={statusOptions}
        selected={view.status}
        onChange={(status) => onChange({ status })}
      />
      <TownFilter options={townOptions} value={view.town} onChange={(town) => onChange({ town })} />
      {filtered ? (
        <button type="button" onClick={onClear} className={secondaryButton}>
          Clear filters
        </button>
      ) : null}
    </search>
  );
}
