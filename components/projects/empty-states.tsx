import { primaryButton, secondaryButton } from "./button-styles";

function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children: React.ReactNode;
  action: React.ReactNode;
}) {
  return (
    <div className="flex min-h-64 flex-col items-center justify-center gap-3 rounded-lg border border-dashed border-zinc-300 bg-white px-6 py-12 text-center dark:border-zinc-700 dark:bg-zinc-950">
      <h2 className="text-base font-semibold text-zinc-900 dark:text-zinc-50">{title}</h2>
      <p className="max-w-md text-sm text-zinc-600 dark:text-zinc-400">{children}</p>
      {action}
    </div>
  );
}

/** The filters exclude every row: say so, and offer the way back. */
export function NoMatchesState({ onClear }: { onClear: () => void }) {
  return (
    <EmptyState
      title="No projects match"
      action={
        <button type="button" onClick={onClear} className={primaryButton}>
          Clear filters
        </button>
      }
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
      title="No projects in this workspace yet"
      action={
        <button
          type="button"
          onClick={() => {
            if (!refreshing) onRefresh();
          }}
          aria-disabled={refreshing || undefined}
          className={secondaryButton}
        >
          {refreshing ? "Refreshing…" : "Refresh"}
        </button>
      }
    >
      The service lists no active or on-hold projects for this workspace. Projects created in the
      service show up here after the next refresh.
    </EmptyState>
  );
}
