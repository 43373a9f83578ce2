import type * as React from "react";
import { cn } from "@/lib/utils";
import { visibleSegments, visibleText } from "@/lib/ui/visible-text";

interface UserTextProps extends Omit<React.ComponentProps<"bdi">, "children"> {
  /** The user- or service-supplied string. Rendered as text; never as markup. */
  value: string | null | undefined;
  /** Cut to one line with an ellipsis; the whole value stays in the title (and in the accessible text). */
  truncate?: boolean;
  /** Shown (muted) when the value is null, undefined or empty. */
  fallback?: React.ReactNode;
}

/**
 * Renders a string we did not write (a project name, an email, a webhook header) inertly: as text, isolated from
 * the surrounding text's direction (<bdi>), with bidi overrides and control characters shown as visible markers
 * instead of being applied.
 */
function UserText({
  value,
  truncate = false,
  fallback = "—",
  className,
  title,
  ...props
}: UserTextProps) {
  if (value === null || value === undefined || value === "") {
    return <span className="text-muted-foreground">{fallback}</span>;
  }
  const segments = visibleSegments(value);
  const plain = segments.length === 1 && segments[0]!.kind === "text";
  return (
    <bdi
      data-slot="user-text"
      dir="auto"
      title={title ?? (truncate || !plain ? visibleText(value) : undefined)}
      className={cn(truncate && "block max-w-full min-w-0 truncate", className) || undefined}
      {...props}
    >
      {segments.map((segment, index) =>
        segment.kind === "text" ? (
          segment.text
        ) : (
          <abbr
            key={index}
            title={`${segment.name} (${segment.code})`}
            data-hidden-character={segment.code}
            className="mx-px rounded-sm border border-warning/40 bg-warning/10 px-0.5 align-baseline font-mono text-[0.75em] text-warning no-underline"
          >
            {segment.marker}
          </abbr>
        ),
      )}
    </bdi>
  );
}

export { UserText };
