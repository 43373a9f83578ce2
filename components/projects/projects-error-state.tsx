"use client";

import { ProjectsRequestError } from "@/lib/projects/queries";
import { Button } from "@/components/ui/button";
import { RetryCountdown } from "./retry-countdown";

function signInHref(): string {
  const here = `${window.location.pathname}${window.location.search}`;
  return `/sign-in?callbackUrl=${encodeURIComponent(here)}`;
}

/** No list at all (no earlier snapshot either): the route's message, its code, and what to do next. */
export function ProjectsErrorState({
  error,
  failedAt,
  retrying,
  onRetry,
}: {
  error: Error;
  failedAt: number;
  retrying: boolean;
  onRetry: () => void;
}) {
  const known = error instanceof ProjectsRequestError ? error : undefined;
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 bg-destructive/5 px-5 py-5 text-[13px] text-foreground"
    >
      <h2 className="text-sm font-semibold text-destructive">Projects could not be loaded</h2>
      <p>
        {known?.message ?? "Something went wrong while loading the projects. Try again."}
        {known?.retryAfterSeconds ? (
          <RetryCountdown retryAt={failedAt + known.retryAfterSeconds * 1000} />
        ) : null}
      </p>
      {known ? (
        <p className="text-xs text-muted-foreground">
          Error code: <code className="font-mono">{known.code}</code>
        </p>
      ) : null}
      {known?.isUnauthenticated ? (
        <Button asChild>
          <a href={signInHref()}>Sign in again</a>
        </Button>
      ) : known?.needsReload ? (
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
      ) : (
        <Button onClick={onRetry} disabled={retrying}>
          {retrying ? "Trying again…" : "Try again"}
        </Button>
      )}
    </div>
  );
}
