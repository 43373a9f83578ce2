import { FolderOpen, SearchX } from "lucide-react";
import { Button } from "@/components/ui/button";

function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon: React.ReactNode;
  title: string;
  children: React.ReactNode;
  action: React.ReactNode;
}) {
  return (
    <div className="flex min-h-64 flex-col items-center justify-center gap-3 rounded-lg border border-dashed bg-card px-6 py-12 text-center">
      <div className="flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground [&_svg]:size-5">
        {icon}
      </div>
      <h2 className="text-sm font-semibold text-foreground">{title}</h2>
      <p className="max-w-md text-[13px] text-muted-foreground">{children}</p>
      {action}
    </div>
  );
}

/** The filters exclude every row: say so, and offer the way back. */
export function NoMatchesState({ onClear }: { onClear: () => void }) {
  return (
    <EmptyState
      icon={<SearchX aria-hidden="true" />}
      title="No projects match"
      action={<Button onClick={onClear}>Clear filters</Button>}
    >
      Nothing matches this search and these filters. Clear them to see every project.
    </EmptyState>
  );
}

/** The service answered with an empty list: nothing is broken, there is simply nothing yet. */
export function NoProjectsState({
  onRefresh,
  refreshing,
}: {
  onRefresh: () => void;
  refreshing: boolean;
}) {
  return (
    <EmptyState
      icon={<FolderOpen aria-hidden="true" />}
      title="No projects in this workspace yet"
      action={
        <Button variant="outline" onClick={onRefresh} disabled={refreshing}>
          {refreshing ? "Refreshing…" : "Refresh"}
        </Button>
      }
    >
      The service lists no active or on-hold projects for this workspace. Projects created in the
      service show up here after the next refresh.
    </EmptyState>
  );
}
