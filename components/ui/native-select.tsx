import { ChevronDownIcon } from "lucide-react";
import type * as React from "react";
import { cn } from "@/lib/utils";

/**
 * The browser's own `<select>`, styled as our Select's trigger. For a choice among plain-text options (a form
 * field, a page's one picker): no script to load or mount, the phone's own picker, and it submits with its
 * form. Select (./select.tsx) stays for options that need more than text.
 */
function NativeSelect({
  className,
  size = "default",
  ...props
}: Omit<React.ComponentProps<"select">, "size"> & { size?: "sm" | "default" }) {
  return (
    <div
      data-slot="native-select-wrapper"
      className={cn("relative w-fit min-w-0 has-[select:disabled]:opacity-50", className)}
    >
      <select
        data-slot="native-select"
        data-size={size}
        className={cn(
          "w-full min-w-0 appearance-none truncate rounded-md border border-input bg-background py-1 pr-8 pl-2.5 text-[13px] shadow-xs transition-[color,box-shadow] outline-none dark:bg-input/20 dark:hover:bg-input/40",
          "data-[size=default]:h-8 data-[size=sm]:h-7",
          "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed",
          "aria-invalid:border-destructive aria-invalid:ring-destructive/20",
          // The open list is drawn by the browser: give it the theme's colours in dark mode too.
          "[&>option]:bg-popover [&>option]:text-popover-foreground",
        )}
        {...props}
      />
      <ChevronDownIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted-foreground opacity-60"
      />
    </div>
  );
}

export { NativeSelect };
