import type { Metadata } from "next";
import { Suspense } from "react";
import { ProjectsSkeleton } from "@/components/projects/projects-skeleton";
import { ProjectsView } from "@/components/projects/projects-view";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Projects" };

export default function ProjectsPage() {
  return (
    <>
      <PageHeader title="Projects" description="Active and on-hold projects of your workspace." />
      {/* The view reads the URL (search, filters, sort); on a prerendered page that needs a boundary. */}
      <Suspense fallback={<ProjectsSkeleton />}>
        <ProjectsView />
      </Suspense>
    </>
  );
}
