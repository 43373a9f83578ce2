"use client";

import {
  getCoreRowModel,
  useReactTable,
  type ColumnSizingState,
  type Updater,
} from "@tanstack/react-table";
import { useEffect, useMemo, useRef, useState } from "react";
import type { Project } from "@/lib/projects/schema";
import { PROJECT_COLUMN_IDS, type ProjectColumnId } from "@/lib/projects/view";
import { projectColumns } from "./project-columns";

const NO_ROWS: Project[] = [];

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
    columns: projectColumns,
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
