import type { ColumnDef } from "@tanstack/react-table";
import {
  DEFAULT_COLUMN_WIDTHS,
  MAX_COLUMN_WIDTH,
  MIN_COLUMN_WIDTH,
} from "@/lib/projects/column-prefs";
import { COLUMN_LABELS } from "@/lib/projects/export";
import type { Project } from "@/lib/projects/schema";
import { PROJECT_COLUMN_IDS } from "@/lib/projects/view";

/**
 * The columns as TanStack knows them: ids, labels and sizes. TanStack holds the column state (order,
 * visibility, widths, resizing) and lays out the headers; the rows come from lib/projects/rows and their
 * cells from `ProjectCells`, so no row model is built for 100,000 rows.
 */
export const projectColumns: ColumnDef<Project>[] = PROJECT_COLUMN_IDS.map((id) => ({
  id,
  header: COLUMN_LABELS[id],
  size: DEFAULT_COLUMN_WIDTHS[id],
  minSize: MIN_COLUMN_WIDTH,
  maxSize: MAX_COLUMN_WIDTH,
}));
