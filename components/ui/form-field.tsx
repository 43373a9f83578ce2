"use client";

import { Slot as SlotPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "@/lib/utils";
import { Label } from "./label";

/**
 * One form field as the settings forms lay it out: the label above, the control, an optional hint below.
 * The control (the one child: an Input, a SelectTrigger) gets the field's `id`, and `aria-describedby`
 * naming the hint, so a screen reader reads the hint with the field and no caller writes the ids twice.
 */
function FormField({
  id,
  label,
  hint,
  className,
  children,
}: {
  id: string;
  label: React.ReactNode;
  hint?: React.ReactNode;
  className?: string;
  children: React.ReactElement;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div data-slot="form-field" className={cn("grid gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      <SlotPrimitive.Root id={id} aria-describedby={hintId}>
        {children}
      </SlotPrimitive.Root>
      {hint ? (
        <p id={hintId} data-slot="form-field-hint" className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export { FormField };
