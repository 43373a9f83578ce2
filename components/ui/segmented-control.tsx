"use client";

import { Button } from "@/components/ui/button";

/** A small radio group drawn as segmented buttons (the replay dialogs' mode pickers). */
export function SegmentedControl<T extends string>({
  value,
  options,
  onChange,
  ...labelling
}: {
  value: T;
  options: readonly (readonly [T, string])[];
  onChange: (value: T) => void;
} & ({ "aria-label": string } | { "aria-labelledby": string })) {
  return (
    <div
      role="radiogroup"
      {...labelling}
      className="inline-flex w-fit gap-1 rounded-lg bg-muted p-[3px]"
    >
      {options.map(([option, text]) => (
        <Button
          key={option}
          type="button"
          role="radio"
          aria-checked={value === option}
          variant={value === option ? "outline" : "ghost"}
          size="sm"
          className="h-7"
          onClick={() => onChange(option)}
        >
          {text}
        </Button>
      ))}
    </div>
  );
}
