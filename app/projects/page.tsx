import type { Metadata } from "next";
import { Suspense } from "react";
import { ProjectsFirstScreen } from "@/components/projects/projects-first-screen";
import { ProjectsSkeleton } from "@/components/projects/projects-skeleton";
import { ProjectsView } from "@/components/projects/projects-view";
import { PageHeader } from "@/components/ui/page-header";
import { firstScreen } from "@/lib/projects/first-screen";
import { loadProjectsView } from "@/lib/projects/use-projects-view";

export const metadata: Metadata = { title: "Projects" };

export default function ProjectsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  return (
    <>
      <PageHeader title="Projects" description="Active and on-hold projects of your workspace." />
      {/* The header first; the first screen of rows streams in as soon as the server has computed it. */}
      <Suspense fallback={<ProjectsSkeleton />}>
        <ProjectsWithFirstScreen searchParams={searchParams} />
      </Suspense>
    </>
  );
}

async function ProjectsWithFirstScreen({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const screen = await firstScreen(loadProjectsView(await searchParams));
  // Rendered here, on the server: the browser gets its HTML, not the code that makes it.
  return (
    <ProjectsView
      firstScreen={screen && screen.total > 0 ? <ProjectsFirstScreen screen={screen} /> : null}
    />
  );
}
