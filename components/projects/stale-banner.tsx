import type { ProjectsResponse } from "@/lib/projects/schema";
import { RetryCountdown } from "./retry-countdown";

/**
 * Shown whenever the answer carries an error: the table still shows the last good list (`stale`), or a
 * refresh was held back (rate limit, Retry-After) while the list itself is current.
 */
export function StaleBanner({
  error,
  stale,
  receivedAt,
}: {
  error: NonNullable<ProjectsResponse["error"]>;
  stale: boolean;
  receivedAt: number;
}) {
  return (
    <div
      role="status"
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100"
    >
      <p className="font-semibold">
        {stale
          ? "Showing the last list we received: it may be out of date."
          : "The list could not be updated just now."}
      </p>
      <p className="mt-1">
        {error.message}
        {error.retryAfterSeconds ? (
          <RetryCountdown retryAt={receivedAt + error.retryAfterSeconds * 1000} />
        ) : null}
      </p>
    </div>
  );
}
