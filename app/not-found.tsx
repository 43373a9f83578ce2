import { ArrowLeftIcon } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";

export default function NotFound() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center sm:py-24">
      <p className="font-mono text-xs font-medium text-muted-foreground">404</p>
      <h1 className="mt-2 text-xl font-semibold tracking-tight">Page not found</h1>
      <p className="mt-1 text-[13px] text-muted-foreground">There is nothing at this address.</p>
      <Button asChild variant="outline" className="mt-6">
        <Link href="/projects">
          <ArrowLeftIcon />
          Go to projects
        </Link>
      </Button>
    </div>
  );
}
