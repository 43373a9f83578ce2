"use client";

import {
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type ColumnSizingState,
  type Updater,
} from "@tanstack/react-table";
import { useEffect, useMemo, useRef, useState } from "react";
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from "@/lib/projects/column-prefs";
import { PROJECT_COLUMN_IDS, PROJECT_COLUMNS, type ProjectColumnId } from "@/lib/projects/columns";
import type { Project } from "@/lib/projects/schema";

const NO_ROWS: Project[] = [];

/**
 * The columns as TanStack knows them: ids, headers and sizes from lib/projects/columns.ts. TanStack holds the
 * column state (order, visibility, widths, resizing) and lays out the headers; the rows come from
 * lib/projects/rows and their cells from `ProjectCells`, so no row model is built for 100,000 rows.
 */
const tableColumns: ColumnDef<Project>[] = PROJECT_COLUMN_IDS.map((id) => ({
  id,
  header: PROJECT_COLUMNS[id].header,
  size: PROJECT_COLUMNS[id].width,
  minSize: MIN_COLUMN_WIDTH,
  maxSize: MAX_COLUMN_WIDTH,
}));

/**
 * TanStack Table for the header: visible columns in order (from the URL or this browser), widths dragged by
 * the member and saved to this browser when the drag ends.
 */
export function useColumnsTable(
  columns: ProjectColumnId[],
  savedWidths: Partial<Record<ProjectColumnId, number>>,
  onWidthsSaved: (widths: Partial<Record<ProjectColumnId, number>>) => void,
) {
  const [sizing, setSizing] = useState<ColumnSizingState>(savedWidths);
  const key = columns.join(",");
  const columnVisibility = useMemo(
    () => Object.fromEntries(PROJECT_COLUMN_IDS.map((id) => [id, key.split(",").includes(id)])),
    [key],
  );
  const columnOrder = useMemo(() => {
    const shown = key.split(",");
    return [...shown, ...PROJECT_COLUMN_IDS.filter((id) => !shown.includes(id))];
  }, [key]);

  // TanStack keeps its own mutable state; this app does not use React Compiler, so nothing is lost.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: NO_ROWS,
    columns: tableColumns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualFiltering: true,
    columnResizeMode: "onChange",
    state: { columnVisibility, columnOrder, columnSizing: sizing },
    onColumnSizingChange: (updater: Updater<ColumnSizingState>) =>
      setSizing((old) => (typeof updater === "function" ? updater(old) : updater)),
  });

  const resizing = table.getState().columnSizingInfo.isResizingColumn;
  const wasResizing = useRef(resizing);
  useEffect(() => {
    if (wasResizing.current && !resizing) onWidthsSaved(sizing);
    wasResizing.current = resizing;
  }, [resizing, sizing, onWidthsSaved]);

  return table;
}
