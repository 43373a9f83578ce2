"use client";

import type { Table } from "@tanstack/react-table";
import { memo, useEffect, useMemo, useRef } from "react";
import { TableBody, TableHeader, TableRow } from "@/components/ui/table";
import { ROW_HEIGHT, type Density } from "@/lib/projects/column-prefs";
import type { Project } from "@/lib/projects/schema";
import type { ProjectColumnId } from "@/lib/projects/columns";
import type { ProjectsSort } from "@/lib/projects/view";
import { ProjectCells } from "./project-cell";
import { rowKeyHandler } from "./row-keys";
import { SortHeader } from "./sort-header";
import { useColumnsTable } from "./use-columns-table";
import { useListVirtualizer } from "./use-list-virtualizer";
import { useRowFocus } from "./use-row-focus";

export interface ProjectListProps {
  rows: Project[];
  activeIndex: number;
  /** Bumped to move focus to the active row (after the sheet closes, say). */
  focusToken: number;
  onActivate: (index: number) => void;
  onOpen: (index: number) => void;
  resetKey: string;
  now: number;
  /** The rows are catching up with the filters (a large list while typing). */
  pending?: boolean;
}

function sortDescription(sort: ProjectsSort[], table: Table<Project>): string {
  const parts = sort.map(
    (s) =>
      `${String(table.getColumn(s.id)?.columnDef.header)} ${s.desc ? "descending" : "ascending"}`,
  );
  return parts.length ? `, sorted by ${parts.join(", then ")}` : "";
}

/**
 * The projects as a real <table>, virtualised: only the rows in view (plus a margin) are in the DOM, with
 * spacer rows standing in for the rest. `aria-rowcount` / `aria-rowindex` say where each row sits. One row
 * is active (highlighted, the table's tab stop); ↑/↓ or j/k move it and Enter opens it.
 */
export function ProjectsTable({
  shownColumns,
  savedWidths,
  onWidthsSaved,
  sort,
  onSort,
  density,
  rows,
  activeIndex,
  focusToken,
  onActivate,
  onOpen,
  resetKey,
  now,
  pending = false,
}: ProjectListProps & {
  /** The visible columns in order; the table's header (TanStack Table) is made here, for wide screens only. */
  shownColumns: ProjectColumnId[];
  savedWidths: Partial<Record<ProjectColumnId, number>>;
  onWidthsSaved: (widths: Partial<Record<ProjectColumnId, number>>) => void;
  sort: ProjectsSort[];
  onSort: (id: ProjectColumnId, additive: boolean) => void;
  density: Density;
}) {
  const table = useColumnsTable(shownColumns, savedWidths, onWidthsSaved);
  const rowHeight = ROW_HEIGHT[density];
  const { scrollRef, virtualizer } = useListVirtualizer({
    count: rows.length,
    rowSize: rowHeight,
    // Rows have a fixed height (no measuring); a small margin keeps each re-render to the rows in view.
    overscan: 4,
    // As the scroll area's classes below make it: h-[calc(100dvh-15rem)] min-h-80, 1 px border.
    area: { offsetRem: 15, minRem: 20, borderPx: 1 },
    resetKey,
  });
  // Another density changes every row's height. Not on mount: measuring renders the table again, and the
  // estimate is already this height.
  const measuredHeight = useRef(rowHeight);
  useEffect(() => {
    if (measuredHeight.current === rowHeight) return;
    measuredHeight.current = rowHeight;
    virtualizer.measure();
  }, [rowHeight, virtualizer]);
  const focusRow = useRowFocus(scrollRef, virtualizer, activeIndex, focusToken);

  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const headers = table.getHeaderGroups()[0]!.headers;
  const columnsKey = headers.map((h) => h.column.id).join(",");
  // A stable array while the columns stay the same, so that the memoised rows skip re-rendering. (The
  // table object is TanStack Table's own mutable state; React Compiler is not used.)
  // eslint-disable-next-line react-hooks/preserve-manual-memoization
  const columns = useMemo(() => columnsKey.split(",") as ProjectColumnId[], [columnsKey]);

  return (
    <div
      ref={scrollRef}
      role="region"
      aria-label="Projects table"
      aria-busy={pending}
      tabIndex={0}
      onKeyDown={rowKeyHandler({
        activeIndex,
        count: rows.length,
        onMove: (index) => {
          onActivate(index);
          focusRow(index);
        },
        onOpen,
      })}
      className="h-[calc(100dvh-15rem)] min-h-80 overflow-auto overscroll-contain rounded-lg border bg-card outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <table
        aria-rowcount={rows.length + 1}
        style={{ width: table.getTotalSize(), minWidth: "100%" }}
        className="table-fixed border-separate border-spacing-0 text-[13px]"
      >
        <caption className="sr-only">
          Projects{sortDescription(sort, table)}. Enter opens the active project.
        </caption>
        <colgroup>
          {headers.map((header) => (
            <col key={header.id} style={{ width: header.getSize() }} />
          ))}
        </colgroup>
        <TableHeader className="sticky top-0 z-10">
          <tr aria-rowindex={1}>
            {headers.map((header) => (
              <SortHeader
                key={header.id}
                header={header}
                size={header.getSize()}
                resizing={header.column.getIsResizing()}
                sort={sort}
                onSort={onSort}
              />
            ))}
          </tr>
        </TableHeader>
        <TableBody
          onClick={(event) => {
            const index = rowIndexOf(event.target);
            if (index === null) return;
            onActivate(index);
            onOpen(index);
          }}
          onFocus={(event) => {
            const index = rowIndexOf(event.target);
            if (index !== null && index !== activeIndex) onActivate(index);
          }}
        >
          {paddingTop > 0 ? (
            <tr aria-hidden="true">
              <td colSpan={columns.length} style={{ height: paddingTop, padding: 0 }} />
            </tr>
          ) : null}
          {items.map((item) => (
            // Keyed by place, not by project: when a keystroke or a sort brings other projects into view,
            // React rewrites the rows' text in the same elements instead of removing and creating them.
            <ProjectRow
              key={item.index}
              project={rows[item.index]!}
              index={item.index}
              active={item.index === activeIndex}
              columns={columns}
              height={rowHeight}
              now={now}
            />
          ))}
          {paddingBottom > 0 ? (
            <tr aria-hidden="true">
              <td colSpan={columns.length} style={{ height: paddingBottom, padding: 0 }} />
            </tr>
          ) : null}
        </TableBody>
      </table>
    </div>
  );
}

/** The row index of the body row an event happened in (clicks and focus are handled once, on the body). */
function rowIndexOf(target: EventTarget): number | null {
  const row = target instanceof Element ? target.closest<HTMLElement>("tr[data-index]") : null;
  return row ? Number(row.dataset.index) : null;
}

/**
 * One body row. Memoised on its project, place, active state, columns, height and clock, so a keystroke or a
 * sort re-renders only the places whose project changed, not every row in view.
 */
const ProjectRow = memo(function ProjectRow({
  project,
  index,
  active,
  columns,
  height,
  now,
}: {
  project: Project;
  index: number;
  active: boolean;
  columns: ProjectColumnId[];
  height: number;
  now: number;
}) {
  return (
    <TableRow
      data-index={index}
      data-active={active || undefined}
      aria-rowindex={index + 2}
      tabIndex={active ? 0 : -1}
      style={{ height }}
      className="cursor-pointer border-0 outline-none data-active:bg-muted/50 data-active:shadow-[inset_2px_0_0_var(--color-primary)]"
    >
      <ProjectCells columns={columns} project={project} now={now} />
    </TableRow>
  );
});
