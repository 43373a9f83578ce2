const BAR = "animate-pulse rounded bg-zinc-200 motion-reduce:animate-none dark:bg-zinc-800";
const COLUMNS = ["15rem", "12rem", "9rem", "15rem", "8rem", "8rem", "8rem"];
const ROWS = 10;

/**
 * The page's shape while the list loads: toolbar, summary line, and a table with the real column widths, so
 * nothing jumps when the rows arrive. Used by `app/projects/loading.tsx` and while the first fetch runs.
 */
export function ProjectsSkeleton() {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-4">
      <span className="sr-only">Loading projects…</span>
      <div aria-hidden="true" className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-0 flex-1 basis-64 flex-col gap-1">
          <div className={`h-3 w-12 ${BAR}`} />
          <div className={`h-9 w-full ${BAR}`} />
        </div>
        <div className="flex flex-col gap-1">
          <div className={`h-3 w-12 ${BAR}`} />
          <div className="flex gap-1.5">
            <div className={`h-9 w-24 ${BAR}`} />
            <div className={`h-9 w-24 ${BAR}`} />
          </div>
        </div>
        <div className="flex w-full flex-col gap-1 sm:w-56">
          <div className={`h-3 w-10 ${BAR}`} />
          <div className={`h-9 w-full ${BAR}`} />
        </div>
      </div>
      <div aria-hidden="true" className="flex flex-wrap items-center justify-between gap-3">
        <div className={`h-4 w-40 ${BAR}`} />
        <div className="flex items-center gap-3">
          <div className={`h-4 w-36 ${BAR}`} />
          <div className={`h-9 w-24 ${BAR}`} />
        </div>
      </div>
      <div
        aria-hidden="true"
        className="h-[calc(100dvh-17rem)] min-h-80 overflow-hidden rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950"
      >
        <div className="flex h-10 min-w-[75rem] items-center border-b border-zinc-200 bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-900">
          {COLUMNS.map((width, i) => (
            <div key={i} style={{ width }} className="shrink-0 px-3">
              <div className={`h-3 w-16 ${BAR}`} />
            </div>
          ))}
        </div>
        {Array.from({ length: ROWS }, (_, row) => (
          <div
            key={row}
            className="flex h-11 min-w-[75rem] items-center border-b border-zinc-100 dark:border-zinc-800/70"
          >
            {COLUMNS.map((width, i) => (
              <div key={i} style={{ width }} className="shrink-0 px-3">
                <div
                  className={`h-3 ${BAR}`}
                  style={{ width: `${55 + ((row * 7 + i * 13) % 40)}%` }}
                />
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
