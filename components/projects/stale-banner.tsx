import { TriangleAlert } from "lucide-react";
import type { ProjectsResponse } from "@/lib/projects/schema";
import { RetryCountdown } from "./retry-countdown";
import { formatTimeAgo } from "@/lib/ui/format";

/**
 * Shown whenever the answer carries an error: the table still shows the last good list (`stale`, and the
 * banner says how old it is, from the same `fetchedAt` as the freshness line), or a refresh was held back
 * (rate limit, Retry-After) while the list itself is current.
 */
export function StaleBanner({
  error,
  stale,
  fetchedAt,
  now,
  receivedAt,
}: {
  error: NonNullable<ProjectsResponse["error"]>;
  stale: boolean;
  fetchedAt: string;
  now: number;
  receivedAt: number;
}) {
  return (
    <div
      role="status"
      className="flex gap-3 rounded-lg border border-warning/40 bg-warning/10 px-4 py-3 text-[13px] text-foreground"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
      <div>
        <p className="font-medium">
          {stale
            ? `Showing the last list we received, from ${formatTimeAgo(fetchedAt, now)}: it may be out of date.`
            : "The list could not be updated just now."}
        </p>
        <p className="mt-1 text-muted-foreground">
          {error.message}
          {error.retryAfterSeconds ? (
            <RetryCountdown retryAt={receivedAt + error.retryAfterSeconds * 1000} />
          ) : null}
        </p>
      </div>
    </div>
  );
}
