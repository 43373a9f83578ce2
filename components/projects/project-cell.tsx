import type { ReactNode } from "react";
import { TableCell } from "@/components/ui/table";
import { UserText } from "@/components/ui/user-text";
import {
  columnValue,
  PROJECT_COLUMNS,
  type CellKind,
  type ProjectColumnId,
} from "@/lib/projects/columns";
import type { Project } from "@/lib/projects/schema";
import { IdCell } from "./id-cell";
import { RelativeDate } from "./relative-date";
import { StatusBadge } from "./status-badge";

/**
 * How each kind of cell (a column's `cell` in lib/projects/columns.ts) is drawn from the value the service
 * sent. Typed by every kind, so a kind without its renderer does not compile.
 */
const CELLS: Record<CellKind, (value: string, now: number) => ReactNode> = {
  id: (value) => <IdCell id={value} />,
  title: (value) => <UserText value={value} truncate className="font-medium" />,
  text: (value) => <UserText value={value} truncate />,
  status: (value) => <StatusBadge status={value} />,
  date: (iso, now) => <RelativeDate iso={iso} now={now} />,
};

/**
 * One cell's content. Rows are plain data rendered by column id (no per-row component state), so a filter
 * change re-renders only the rows in view.
 */
export function cellContent(column: ProjectColumnId, project: Project, now: number): ReactNode {
  return CELLS[PROJECT_COLUMNS[column].cell](columnValue(column, project), now);
}

/** A table row's cells, in column order: shared by the live table and the server's first screen. */
export function ProjectCells({
  columns,
  project,
  now,
  rowLink,
}: {
  columns: ProjectColumnId[];
  project: Project;
  now: number;
  /** Drawn in the first cell: the server's first screen puts its row link there (a row cannot hold one). */
  rowLink?: ReactNode;
}) {
  return columns.map((column, i) => (
    <TableCell
      key={column}
      className="truncate border-b border-border/60 px-3 py-0 text-foreground"
    >
      {i === 0 ? rowLink : null}
      {cellContent(column, project, now)}
    </TableCell>
  ));
}
