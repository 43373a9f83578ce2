import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";

export default function NotFound() {
  return (
    <>
      <PageHeader title="Page not found" description="There is nothing at this address." />
      <Link
        href="/projects"
        className="text-sm font-medium text-blue-700 underline dark:text-blue-300"
      >
        Go to projects
      </Link>
    </>
  );
}
