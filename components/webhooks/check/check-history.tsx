"use client";

import { HistoryIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { UtcTime } from "@/components/ui/utc-time";
import { UserText } from "@/components/ui/user-text";
import type { CheckRunSummary } from "@/lib/webhooks/browser/console-client";
import { cn } from "@/lib/utils";

/** The runs kept for one target, newest first: when, who, the verdicts; each opens its results above. */
export function CheckHistory({
  target,
  runs,
  loading,
  selected,
  onOpen,
}: {
  target: string;
  runs: CheckRunSummary[] | undefined;
  loading: boolean;
  selected: string;
  onOpen: (id: string) => void;
}) {
  return (
    <Card className="gap-0 py-0" role="region" aria-label="History">
      <CardHeader className="border-b py-4">
        <CardTitle>
          <h2 className="flex items-center gap-2">
            <HistoryIcon className="size-4 text-muted-foreground" aria-hidden="true" />
            History
          </h2>
        </CardTitle>
        <CardDescription className="truncate font-mono text-xs">
          <UserText value={target} truncate />
        </CardDescription>
      </CardHeader>
      <CardContent className="px-0">
        {loading ? (
          <div className="flex flex-col gap-2 p-4 sm:px-6">
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-2/3" />
          </div>
        ) : !runs?.length ? (
          <p className="px-4 py-6 text-sm text-muted-foreground sm:px-6">
            No runs against this target yet.
          </p>
        ) : (
          <ul className="divide-y">
            {runs.map((run) => (
              <li key={run.id}>
                <a
                  href={`?${new URLSearchParams({ target, run: run.id })}`}
                  onClick={(event) => {
                    event.preventDefault();
                    onOpen(run.id);
                  }}
                  aria-current={run.id === selected ? "true" : undefined}
                  className={cn(
                    "flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2.5 text-sm hover:bg-muted/50 focus-visible:bg-muted/50 focus-visible:outline-none sm:px-6",
                    run.id === selected && "bg-muted/60",
                  )}
                >
                  <span className="text-xs text-muted-foreground tabular-nums">
                    <UtcTime iso={run.startedAt} />
                  </span>
                  <span className="min-w-0 flex-1 truncate">
                    <UserText value={run.by} fallback="A removed member" truncate />
                  </span>
                  {run.summary ? (
                    <span className="flex gap-1.5">
                      <Badge variant={run.summary.ok ? "success" : "destructive"}>
                        {run.summary.ok ? "Passed" : "Failed"}
                      </Badge>
                      <Badge variant="muted">
                        {run.summary.passed} pass · {run.summary.warned} warn · {run.summary.failed}{" "}
                        fail
                      </Badge>
                    </span>
                  ) : (
                    <Badge variant="muted">
                      {run.finishedAt ? "Stopped" : "Running or stopped"}
                    </Badge>
                  )}
                </a>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
