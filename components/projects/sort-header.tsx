import type { Header } from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ChevronsUpDown } from "lucide-react";
import { memo } from "react";
import { TableHead } from "@/components/ui/table";
import type { Project } from "@/lib/projects/schema";
import type { ProjectColumnId } from "@/lib/projects/columns";
import type { ProjectsSort } from "@/lib/projects/view";
import { cn } from "@/lib/utils";

const ARIA_SORT = { false: "ascending", true: "descending" } as const;

/**
 * A column header: click sorts by it, shift-click adds it to the sort (the small number is its place in a
 * multi-column sort), the right edge drags its width. Memoised: a keystroke in the search leaves the header
 * as it is. TanStack keeps a header object while the width changes, so the width and the drag state come
 * as props of their own.
 */
export const SortHeader = memo(function SortHeader({
  header,
  size,
  resizing,
  sort,
  onSort,
}: {
  header: Header<Project, unknown>;
  size: number;
  resizing: boolean;
  sort: ProjectsSort[];
  onSort: (id: ProjectColumnId, additive: boolean) => void;
}) {
  const id = header.column.id as ProjectColumnId;
  const label = String(header.column.columnDef.header);
  const place = sort.findIndex((s) => s.id === id);
  const sorted = place >= 0 ? sort[place]! : null;
  const Icon = !sorted ? ChevronsUpDown : sorted.desc ? ArrowDown : ArrowUp;
  return (
    <TableHead
      scope="col"
      aria-sort={sorted ? ARIA_SORT[`${sorted.desc}`] : "none"}
      style={{ width: size }}
      className="group/head relative h-9 border-b bg-muted/60 p-0 backdrop-blur supports-[backdrop-filter]:bg-muted/70"
    >
      <button
        type="button"
        onClick={(event) => onSort(id, event.shiftKey)}
        title={`Sort by ${label}; shift-click to add to the sort`}
        className={cn(
          "flex h-9 w-full items-center gap-1.5 px-3 text-left text-xs font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset",
          sorted && "text-foreground",
        )}
      >
        <span className="truncate">{label}</span>
        <Icon aria-hidden="true" className={cn("size-3.5 shrink-0", !sorted && "opacity-40")} />
        {sorted && sort.length > 1 ? (
          <span
            className="inline-flex size-4 shrink-0 items-center justify-center rounded-full bg-foreground/10 text-[10px] font-semibold tabular-nums"
            aria-label={`sort priority ${place + 1}`}
          >
            {place + 1}
          </span>
        ) : null}
      </button>
      <div
        aria-hidden="true"
        onMouseDown={header.getResizeHandler()}
        onTouchStart={header.getResizeHandler()}
        onDoubleClick={() => header.column.resetSize()}
        data-resizing={resizing || undefined}
        className="absolute inset-y-0 right-0 z-10 w-2 cursor-col-resize touch-none select-none after:absolute after:inset-y-2 after:right-0 after:w-px after:bg-border hover:after:bg-ring data-resizing:after:bg-ring"
      />
    </TableHead>
  );
});
