import { Activity } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { TableBody, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { PROJECT_COLUMNS } from "@/lib/projects/columns";
import type { FirstScreen, FirstScreenLayout } from "@/lib/projects/first-screen";
import { formatRowCount } from "@/lib/projects/format";
import { serializeProjectsView } from "@/lib/projects/use-projects-view";
import type { ProjectsViewState } from "@/lib/projects/view";
import { cn } from "@/lib/utils";
import { ProjectCells } from "./project-cell";
import { ProjectCardContent } from "./project-card-content";

/**
 * The first rows of the view, rendered on the server (lib/projects/first-screen.ts) and shown until the whole
 * list has arrived: the same table (cards below 640 px, chosen by CSS since the server cannot know the
 * width; only the cards for a browser that says it is a phone, see `firstScreenLayout`), laid out like the
 * list that replaces it so nothing jumps. The toolbar waits for the list; the rows do not: each is a link to
 * the view with its project open (`?project=`, where the sheet's state lives), so a click before any script
 * has run still lands, and ProjectsView, once hydrated, opens it without loading the page again.
 *
 * Inside an Activity boundary, which React hydrates after the rest of the page, in idle time and in small
 * steps, and not at all when the list replaces it first: a phone would otherwise hydrate the hidden table (and
 * a desktop the hidden cards) in the page's first long task.
 */
export function ProjectsFirstScreen({
  screen,
  layout,
  view,
}: {
  screen: FirstScreen;
  layout: FirstScreenLayout;
  /** The view in the URL, which each row's link keeps. */
  view: ProjectsViewState;
}) {
  const { rows, columns, now } = screen;
  const rowLink = (project: FirstScreen["rows"][number]) => (
    <a
      href={serializeProjectsView("/projects", { ...view, project: project.id })}
      aria-label={`Open ${project.name}`}
      data-first-screen-link={project.id}
      className="absolute inset-0 z-[1] rounded-[inherit] outline-none hover:bg-muted/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset aria-busy:bg-muted/60"
    />
  );
  return (
    <Activity mode="visible">
      <div className="flex min-w-0 flex-col gap-3" data-first-screen="">
        <div aria-hidden="true" className="flex flex-wrap items-center gap-2">
          <Skeleton className="h-8 w-full sm:w-72" />
          {[72, 64, 68, 80, 84].map((w, i) => (
            <Skeleton key={i} className="hidden h-8 sm:block" style={{ width: w }} />
          ))}
          <Skeleton className="ml-auto hidden h-8 w-20 sm:block" />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          <p
            role="status"
            aria-busy="true"
            className="text-[13px] font-medium text-foreground tabular-nums"
          >
            {formatRowCount(screen.shown, screen.total)}
            {/* On a phone the line must fit beside the freshness, as the list's own line does. */}
            <span className="font-normal text-muted-foreground sr-only sm:not-sr-only">
              {" "}
              · loading the full list…
            </span>
          </p>
          <Skeleton aria-hidden="true" className="h-7 w-44" />
        </div>
        {layout === "both" ? (
          <div
            role="region"
            aria-label="First projects, loading the rest"
            aria-busy="true"
            className="hidden h-[calc(100dvh-15rem)] min-h-80 overflow-hidden rounded-lg border bg-card sm:block"
          >
            <table
              style={{
                width: columns.reduce((sum, column) => sum + PROJECT_COLUMNS[column].width, 0),
                minWidth: "100%",
              }}
              className="table-fixed border-separate border-spacing-0 text-[13px]"
            >
              <colgroup>
                {columns.map((column) => (
                  <col key={column} style={{ width: PROJECT_COLUMNS[column].width }} />
                ))}
              </colgroup>
              <TableHeader className="sticky top-0 z-10">
                <tr>
                  {columns.map((column) => (
                    <TableHead
                      key={column}
                      scope="col"
                      className="h-9 border-b bg-muted/60 px-3 text-xs font-medium text-muted-foreground"
                    >
                      {PROJECT_COLUMNS[column].header}
                    </TableHead>
                  ))}
                </tr>
              </TableHeader>
              <TableBody>
                {rows.map((project, i) => (
                  <TableRow
                    key={project.id}
                    data-index={i}
                    className="relative h-11 cursor-pointer border-0"
                  >
                    <ProjectCells
                      columns={columns}
                      project={project}
                      now={now}
                      rowLink={rowLink(project)}
                    />
                  </TableRow>
                ))}
              </TableBody>
            </table>
          </div>
        ) : null}
        <ul
          aria-label="First projects, loading the rest"
          aria-busy="true"
          className={cn(
            "flex h-[calc(100dvh-13rem)] min-h-72 flex-col gap-2 overflow-hidden",
            layout === "both" && "sm:hidden",
          )}
        >
          {rows.slice(0, 10).map((project, i) => (
            <li
              key={project.id}
              data-index={i}
              className="relative flex h-[88px] shrink-0 cursor-pointer flex-col gap-1 rounded-lg border bg-card px-3 py-2.5 text-[13px] shadow-xs"
            >
              {rowLink(project)}
              <ProjectCardContent project={project} now={now} />
            </li>
          ))}
        </ul>
      </div>
    </Activity>
  );
}
