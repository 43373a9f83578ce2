import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Projects" };

export default function ProjectsPage() {
  return (
    <>
      <PageHeader title="Projects" description="Active and on-hold projects of your workspace." />
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        The projects table arrives with the API client.
      </p>
    </>
  );
}
