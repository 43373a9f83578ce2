"use client";

import { ProjectsRequestError } from "@/lib/projects/queries";
import { primaryButton } from "./button-styles";
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
      className="flex flex-col items-start gap-3 rounded-lg border border-red-300 bg-red-50 px-5 py-5 text-sm text-red-950 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100"
    >
      <h2 className="text-base font-semibold">Projects could not be loaded</h2>
      <p>
        {known?.message ?? "Something went wrong while loading the projects. Try again."}
        {known?.retryAfterSeconds ? (
          <RetryCountdown retryAt={failedAt + known.retryAfterSeconds * 1000} />
        ) : null}
      </p>
      {known ? (
        <p className="text-xs text-red-900 dark:text-red-200">
          Error code: <code className="font-mono">{known.code}</code>
        </p>
      ) : null}
      {known?.isUnauthenticated ? (
        <a href={signInHref()} className={primaryButton}>
          Sign in again
        </a>
      ) : (
        <button
          type="button"
          onClick={() => {
            if (!retrying) onRetry();
          }}
          aria-disabled={retrying || undefined}
          className={primaryButton}
        >
          {retrying ? "Trying again…" : "Try again"}
        </button>
      )}
    </div>
  );
}
