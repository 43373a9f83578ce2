import { Skeleton } from "@/components/ui/skeleton";

const COLUMNS = [240, 192, 144, 240, 120, 128, 128];
const ROWS = 12;

/**
 * The page's shape while the list loads: toolbar, summary line and table rows with the real column widths,
 * so nothing jumps when the rows arrive. Shown while the first fetch runs when the page had no first screen.
 */
export function ProjectsSkeleton() {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-3">
      <span className="sr-only">Loading projects…</span>
      <div aria-hidden="true" className="flex flex-wrap items-center gap-2">
        <Skeleton className="h-8 w-full sm:w-72" />
        {[72, 64, 68, 80, 84].map((w, i) => (
          <Skeleton key={i} className="hidden h-8 sm:block" style={{ width: w }} />
        ))}
        <Skeleton className="ml-auto hidden h-8 w-20 sm:block" />
      </div>
      <div aria-hidden="true" className="flex items-center justify-between gap-3">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-7 w-44" />
      </div>
      <div
        aria-hidden="true"
        className="h-[calc(100dvh-15rem)] min-h-80 overflow-hidden rounded-lg border bg-card"
      >
        <div className="flex h-9 items-center border-b bg-muted/60">
          {COLUMNS.map((width, i) => (
            <div key={i} style={{ width }} className="shrink-0 px-3">
              <Skeleton className="h-3 w-14" />
            </div>
          ))}
        </div>
        {Array.from({ length: ROWS }, (_, row) => (
          <div key={row} className="flex h-11 items-center border-b border-border/60">
            {COLUMNS.map((width, i) => (
              <div key={i} style={{ width }} className="shrink-0 px-3">
                <Skeleton className="h-3" style={{ width: `${55 + ((row * 7 + i * 13) % 40)}%` }} />
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
