"use client";

import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { FacetOptionText, type FacetOption } from "./facet-option";

/** Radix Select has no empty value; this one stands for "no filter". */
const ALL = "__all";

/** A facet of the toolbar: one value or all, each option with its count when the API gave one. */
export function FilterSelect({
  label,
  allLabel,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  allLabel: string;
  value: string;
  options: FacetOption[];
  onChange: (value: string | null) => void;
  className?: string;
}) {
  const selected = value ? options.find((option) => option.value === value) : undefined;
  return (
    <Select value={value || ALL} onValueChange={(next) => onChange(next === ALL ? null : next)}>
      <SelectTrigger size="sm" aria-label={label} className={className}>
        {/* Written out, not left to Radix: it fills the value in after hydration, and on a phone the
            toolbar then wrapped anew and pushed the list down. */}
        <SelectValue placeholder={allLabel}>
          {value ? <FacetOptionText option={selected ?? { value, label: value }} /> : allLabel}
        </SelectValue>
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>{allLabel}</SelectItem>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            <FacetOptionText option={option} />
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
