"use client";

import { flexRender, type Table } from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useRef } from "react";
import type { Project } from "@/lib/projects/schema";
import { SortHeader } from "./sort-header";

/** Rows are one line each at a fixed height, so the virtualizer never has to measure them. */
export const ROW_HEIGHT = 44;

function sortDescription(table: Table<Project>): string {
  const [sort] = table.getState().sorting;
  const column = sort ? table.getColumn(sort.id) : undefined;
  if (!sort || !column) return "";
  const label = String(column.columnDef.header);
  return `, sorted by ${label}, ${sort.desc ? "descending" : "ascending"}`;
}

/**
 * The projects as a real <table>, virtualised: only the rows in view (plus a margin) are in the DOM, with
 * spacer rows standing in for the rest, so 10,000 projects scroll as smoothly as 50. `aria-rowcount` and
 * `aria-rowindex` tell assistive technology where each rendered row sits in the whole table.
 */
export function ProjectsTable({ table, resetKey }: { table: Table<Project>; resetKey: string }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const { rows } = table.getRowModel();
  // TanStack Virtual keeps its own mutable state; React Compiler is not used, so memoisation is not at risk.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });

  // A new sort or filter shows the top of the new order, not an arbitrary middle.
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [resetKey]);

  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const columnCount = table.getVisibleLeafColumns().length;

  return (
    <div
      ref={scrollRef}
      role="region"
      aria-label="Projects table"
      tabIndex={0}
      className="h-[calc(100dvh-17rem)] min-h-80 overflow-auto overscroll-contain rounded-lg border border-zinc-200 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:border-zinc-800 dark:bg-zinc-950 dark:focus-visible:outline-blue-400"
    >
      <table
        aria-rowcount={rows.length + 1}
        className="w-full min-w-[75rem] table-fixed border-separate border-spacing-0 text-sm"
      >
        <caption className="sr-only">Projects{sortDescription(table)}</caption>
        <colgroup>
          {table.getVisibleLeafColumns().map((column) => (
            <col key={column.id} style={{ width: column.columnDef.meta?.width }} />
          ))}
        </colgroup>
        <thead className="sticky top-0 z-10">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} aria-rowindex={1}>
              {group.headers.map((header) => (
                <SortHeader key={header.id} header={header} />
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {paddingTop > 0 ? (
            <tr aria-hidden="true">
              <td colSpan={columnCount} style={{ height: paddingTop, padding: 0 }} />
            </tr>
          ) : null}
          {items.map((item) => {
            const row = rows[item.index]!;
            return (
              <tr
                key={row.id}
                aria-rowindex={item.index + 2}
                style={{ height: ROW_HEIGHT }}
                className="hover:bg-zinc-50 dark:hover:bg-zinc-900"
              >
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    className="truncate border-b border-zinc-100 px-3 text-zinc-900 dark:border-zinc-800/70 dark:text-zinc-100"
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            );
          })}
          {paddingBottom > 0 ? (
            <tr aria-hidden="true">
              <td colSpan={columnCount} style={{ height: paddingBottom, padding: 0 }} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
