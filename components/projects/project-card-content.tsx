import { UserText } from "@/components/ui/user-text";
import { CARD_COLUMNS, columnValue, PROJECT_COLUMNS } from "@/lib/projects/columns";
import { formatTimeAgo } from "@/lib/ui/format";
import type { Project } from "@/lib/projects/schema";
import { cellContent } from "./project-cell";

const { title, badge, subtitle, detail, stamp } = CARD_COLUMNS;

/**
 * What a project's card shows on a phone: the same in the server's first screen and in the live list. Each
 * place shows the column that names it as its `card` (lib/projects/columns.ts); an empty place stays empty.
 */
export function ProjectCardContent({ project, now }: { project: Project; now: number }) {
  const stampIso = stamp ? columnValue(stamp, project) : null;
  return (
    <>
      <span className="flex w-full min-w-0 items-center justify-between gap-2">
        {title ? (
          <UserText value={columnValue(title, project)} truncate className="min-w-0 font-medium" />
        ) : null}
        {badge ? cellContent(badge, project, now) : null}
      </span>
      {subtitle ? (
        <UserText
          value={columnValue(subtitle, project)}
          truncate
          className="min-w-0 text-muted-foreground"
        />
      ) : null}
      <span className="flex w-full min-w-0 items-center justify-between gap-2 text-xs text-muted-foreground">
        {detail ? (
          <UserText value={columnValue(detail, project)} truncate className="min-w-0" />
        ) : null}
        {stamp && stampIso ? (
          <time dateTime={stampIso} className="shrink-0 tabular-nums">
            {PROJECT_COLUMNS[stamp].header} {formatTimeAgo(stampIso, now)}
          </time>
        ) : null}
      </span>
    </>
  );
}
