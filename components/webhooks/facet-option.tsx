import { formatCount } from "@/lib/ui/format";

/** One value a filter can take, with how many deliveries have it when the API counted them. */
export type FacetOption = { value: string; label: string; count?: number };

/** The option's label, its count (if any) at the right. */
export function FacetOptionText({ option }: { option: FacetOption }) {
  return (
    <span className="flex w-full items-center justify-between gap-3">
      <span className="truncate">{option.label}</span>
      {option.count !== undefined ? (
        <span className="text-xs text-muted-foreground tabular-nums">
          {formatCount(option.count)}
        </span>
      ) : null}
    </span>
  );
}
