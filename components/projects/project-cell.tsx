import { TableCell } from "@/components/ui/table";
import { UserText } from "@/components/ui/user-text";
import type { Project } from "@/lib/projects/schema";
import type { ProjectColumnId } from "@/lib/projects/view";
import { IdCell } from "./id-cell";
import { RelativeDate } from "./relative-date";
import { StatusBadge } from "./status-badge";

/**
 * One cell's content. Rows are plain data rendered by column id (no per-row component state), so a filter
 * change re-renders only the rows in view.
 */
function ProjectCell({
  column,
  project,
  now,
}: {
  column: ProjectColumnId;
  project: Project;
  now: number;
}) {
  switch (column) {
    case "id":
      return <IdCell id={project.id} />;
    case "name":
      return <UserText value={project.name} truncate className="font-medium" />;
    case "client":
      return <UserText value={project.client_name} truncate />;
    case "town":
      return <UserText value={project.town} truncate />;
    case "address":
      return <UserText value={project.address} truncate />;
    case "status":
      return <StatusBadge status={project.status} />;
    case "created":
      return <RelativeDate iso={project.created_at} now={now} />;
    case "updated":
      return <RelativeDate iso={project.updated_at} now={now} />;
  }
}

/** A table row's cells, in column order: shared by the live table and the server's first screen. */
export function ProjectCells({
  columns,
  project,
  now,
}: {
  columns: ProjectColumnId[];
  project: Project;
  now: number;
}) {
  return columns.map((column) => (
    <TableCell
      key={column}
      className="truncate border-b border-border/60 px-3 py-0 text-foreground"
    >
      <ProjectCell column={column} project={project} now={now} />
    </TableCell>
  ));
}
