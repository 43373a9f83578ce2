import { UserText } from "@/components/ui/user-text";
import { formatRelativeTime } from "@/lib/projects/format";
import type { Project } from "@/lib/projects/schema";
import { StatusBadge } from "./status-badge";

/** What a project's card shows on a phone: the same in the server's first screen and in the live list. */
export function ProjectCardContent({ project, now }: { project: Project; now: number }) {
  return (
    <>
      <span className="flex w-full min-w-0 items-center justify-between gap-2">
        <UserText value={project.name} truncate className="min-w-0 font-medium" />
        <StatusBadge status={project.status} />
      </span>
      <UserText value={project.client_name} truncate className="min-w-0 text-muted-foreground" />
      <span className="flex w-full min-w-0 items-center justify-between gap-2 text-xs text-muted-foreground">
        <UserText value={project.town} truncate className="min-w-0" />
        <time dateTime={project.updated_at} className="shrink-0 tabular-nums">
          Updated {formatRelativeTime(project.updated_at, now)}
        </time>
      </span>
    </>
  );
}
