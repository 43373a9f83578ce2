import type { Metadata } from "next";
import { headers } from "next/headers";
import { ProjectsFirstScreen } from "@/components/projects/projects-first-screen";
import { ProjectsSkeleton } from "@/components/projects/projects-skeleton";
import { ProjectsView } from "@/components/projects/projects-view";
import { PageHeader } from "@/components/ui/page-header";
import { firstScreenLayout, firstScreenWithin } from "@/lib/projects/first-screen";
import { loadProjectsView } from "@/lib/projects/use-projects-view";

export const metadata: Metadata = { title: "Projects" };

/**
 * No `loading.tsx` on purpose: the page goes out in one piece, its first screen of rows in the HTML itself,
 * so that a browser running no script (or not yet) shows rows it can click. A streamed page would send a
 * skeleton first and the rows in a hidden block that only script reveals. `firstScreenWithin` bounds the wait.
 */
export default async function ProjectsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const view = loadProjectsView(await searchParams);
  const screen = await firstScreenWithin(view);
  const layout = firstScreenLayout(await headers());
  return (
    <>
      <PageHeader title="Projects" description="Active and on-hold projects of your workspace." />
      {/* Rendered here, on the server: the browser gets its HTML, not the code that makes it. */}
      <ProjectsView
        waiting={
          screen && screen.total > 0 ? (
            <ProjectsFirstScreen screen={screen} layout={layout} view={view} />
          ) : (
            <ProjectsSkeleton />
          )
        }
      />
    </>
  );
}
