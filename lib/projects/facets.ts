import { naturalCompare } from "./format";

export interface FacetOption {
  value: string;
  /** Rows with this value once the OTHER filters and the search are applied (TanStack's faceted counts). */
  count: number;
}

/**
 * The options of a filter: every value the data actually holds (so an option does not vanish when the search
 * narrows the rows), plus any value still selected from the URL, with the live counts from TanStack's faceting.
 */
export function facetOptions(
  allValues: Iterable<string>,
  counts: Map<unknown, number>,
  selected: readonly string[] = [],
): FacetOption[] {
  const values = new Set<string>(allValues);
  for (const value of selected) values.add(value);
  return [...values]
    .sort(naturalCompare)
    .map((value) => ({ value, count: counts.get(value) ?? 0 }));
}
