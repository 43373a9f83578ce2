import type { Metadata } from "next";
import { headers } from "next/headers";
import { ProjectsFirstScreen } from "@/components/projects/projects-first-screen";
import { ProjectsView } from "@/components/projects/projects-view";
import { PageHeader } from "@/components/ui/page-header";
import { firstScreen, firstScreenLayout } from "@/lib/projects/first-screen";
import { loadProjectsView } from "@/lib/projects/use-projects-view";

export const metadata: Metadata = { title: "Projects" };

/**
 * While the server computes the first screen, `loading.tsx` (the same header and a skeleton) shows; the page
 * then streams in as one piece. (A Suspense boundary of its own here would send a second skeleton in the HTML
 * and in the hydration data, next to the one Next.js keeps for navigations.)
 */
export default async function ProjectsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const view = loadProjectsView(await searchParams);
  const screen = await firstScreen(view);
  const layout = firstScreenLayout(await headers());
  return (
    <>
      <PageHeader title="Projects" description="Active and on-hold projects of your workspace." />
      {/* Rendered here, on the server: the browser gets its HTML, not the code that makes it. */}
      <ProjectsView
        firstScreen={
          screen && screen.total > 0 ? (
            <ProjectsFirstScreen screen={screen} layout={layout} view={view} />
          ) : null
        }
      />
    </>
  );
}
