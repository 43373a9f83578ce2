"use client";

import { CheckIcon, EyeIcon } from "lucide-react";
import Link from "next/link";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { UserText } from "@/components/ui/user-text";
import { UtcTime } from "@/components/ui/utc-time";
import type { AlertIssueView } from "@/lib/alerts/api-schemas";
import { alertQueries } from "@/lib/alerts/browser";
import { call } from "@/lib/webhooks/browser/console-client";

const STATUS_BADGE = {
  open: { variant: "destructive", label: "Open" },
  acknowledged: { variant: "warning", label: "Acknowledged" },
  resolved: { variant: "muted", label: "Resolved" },
} as const;

const EVENT_LABEL = {
  opened: "Opened",
  grew: "Grew",
  acknowledged: "Acknowledged",
  resolved: "Resolved",
  cleared: "Cleared",
} as const;

function IssueCard({ issue }: { issue: AlertIssueView }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const act = (status: "acknowledged" | "resolved") =>
    startTransition(async () => {
      setError(null);
      try {
        await call(`/api/alerts/issues/${issue.id}`, {
          method: "PATCH",
          body: JSON.stringify({ status }),
        });
        router.refresh();
        // The header's bell counts open issues: it shows the change now, not at its next poll.
        await queryClient.invalidateQueries({ queryKey: alertQueries.openCount().queryKey });
      } catch (e) {
        setError(e instanceof Error ? e.message : "The issue could not be changed.");
      }
    });
  const badge = STATUS_BADGE[issue.status];
  return (
    <li className="rounded-lg border bg-card p-4" data-testid="alert-issue">
      <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={badge.variant}>{badge.label}</Badge>
            <span className="text-xs text-muted-foreground">
              <UserText value={issue.scopeName ?? issue.scope} /> · {issue.occurrences}{" "}
              {issue.occurrences === 1 ? "occurrence" : "occurrences"} · last{" "}
              <UtcTime iso={issue.lastSeenAt} />
            </span>
          </div>
          <h3 className="mt-1.5 text-sm font-medium break-words">
            <UserText value={issue.title} />
          </h3>
          {/* The detail's lines are ours; UserText would mark each line break as a control character. */}
          {issue.detail.split("\n").map((line, index) => (
            <p key={index} className="mt-1 text-[13px] break-words text-muted-foreground">
              <UserText value={line} />
            </p>
          ))}
        </div>
        {issue.status !== "resolved" ? (
          <div className="flex shrink-0 gap-1.5">
            {issue.linkPath ? (
              <Button asChild variant="outline" size="sm">
                <Link href={issue.linkPath}>Open</Link>
              </Button>
            ) : null}
            {issue.status === "open" ? (
              <Button
                variant="outline"
                size="sm"
                disabled={pending}
                onClick={() => act("acknowledged")}
              >
                <EyeIcon aria-hidden="true" />
                Acknowledge
              </Button>
            ) : null}
            <Button size="sm" disabled={pending} onClick={() => act("resolved")}>
              <CheckIcon aria-hidden="true" />
              Resolve
            </Button>
          </div>
        ) : null}
      </div>
      <FormError message={error} inline />
      <details className="mt-3 text-[13px]">
        <summary className="cursor-pointer text-muted-foreground select-none">
          Timeline ({issue.timeline.length})
        </summary>
        <ol className="mt-2 space-y-1.5 border-l pl-3">
          {issue.timeline.map((event, i) => (
            <li key={i} className="break-words">
              <span className="font-medium">{EVENT_LABEL[event.kind]}</span>{" "}
              <span className="text-muted-foreground">
                <UtcTime iso={event.at} />
              </span>
              <span className="block whitespace-pre-line text-muted-foreground">
                <UserText value={event.message} />
              </span>
            </li>
          ))}
        </ol>
      </details>
    </li>
  );
}

function IssueList({
  title,
  issues,
  empty,
}: {
  title: string;
  issues: AlertIssueView[];
  empty: string;
}) {
  return (
    <section aria-label={title} className="space-y-3">
      <h2 className="text-sm font-semibold">
        {title} <span className="font-normal text-muted-foreground">({issues.length})</span>
      </h2>
      {issues.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-[13px] text-muted-foreground">
          {empty}
        </p>
      ) : (
        <ul className="space-y-3">
          {issues.map((issue) => (
            <IssueCard key={issue.id} issue={issue} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The Issues tab: what is open now, then the history of resolved issues. */
export function AlertIssues({
  unresolved,
  resolved,
}: {
  unresolved: AlertIssueView[];
  resolved: AlertIssueView[];
}) {
  return (
    <div className="space-y-8">
      <IssueList
        title="Open"
        issues={unresolved}
        empty="Nothing is wrong: no rule has fired. Rules are set in the Rules tab."
      />
      <IssueList title="History" issues={resolved} empty="No issue has been resolved yet." />
    </div>
  );
}
