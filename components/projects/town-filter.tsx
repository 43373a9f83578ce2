import type { FacetOption } from "@/lib/projects/facets";
import { fieldClassName } from "./search-field";

/** A single town, or all of them; each option says how many rows it would show. */
export function TownFilter({
  options,
  value,
  onChange,
}: {
  options: FacetOption[];
  value: string;
  onChange: (town: string) => void;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1 sm:w-56">
      <label
        htmlFor="projects-town"
        className="text-xs font-medium text-zinc-700 dark:text-zinc-300"
      >
        Town
      </label>
      <select
        id="projects-town"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={fieldClassName}
      >
        <option value="">All towns</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.value} ({option.count.toLocaleString("en")})
          </option>
        ))}
      </select>
    </div>
  );
}
