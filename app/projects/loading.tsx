import { ProjectsSkeleton } from "@/components/projects/projects-skeleton";
import { PageHeader } from "@/components/ui/page-header";

export default function ProjectsLoading() {
  return (
    <>
      <PageHeader title="Projects" description="Active and on-hold projects of your workspace." />
      <ProjectsSkeleton />
    </>
  );
}
