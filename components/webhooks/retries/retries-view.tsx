"use client";

import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDuration, pluralWord } from "@/lib/ui/format";
import { insightQueries, type RetryBehaviourAnswer } from "@/lib/webhooks/browser/insight-queries";
import { SPEC_RETRY_RULES, spread } from "@/lib/webhooks/shared/retry-behaviour";
import { useInsightView } from "@/lib/webhooks/browser/use-insight-view";
import { EndpointPicker } from "../endpoint-picker";
import { RetryChart } from "./retry-chart";
import { ProbeButtons, RetryGuide } from "./retry-guide";
import { AnswerTable, DelayTable, GapTable, GroupList } from "./retry-tables";

function Stat({
  label,
  value,
  children,
}: {
  label: string;
  value: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card className="gap-1.5 py-3">
      <CardContent className="flex flex-col gap-1">
        <span className="text-xs text-muted-foreground">{label}</span>
        <span className="text-base font-semibold tracking-tight tabular-nums sm:text-lg">
          {value}
        </span>
        {children ? (
          <span className="flex flex-wrap items-center gap-1 text-xs">{children}</span>
        ) : null}
      </CardContent>
    </Card>
  );
}

function backoffWords(factor: number | null): string {
  if (factor === null) return "one retry gap so far";
  if (factor >= 1.5) return `exponential, ×${factor.toFixed(1)} per attempt`;
  if (factor > 0.8 && factor < 1.25) return "constant, not exponential";
  return `×${factor.toFixed(1)} per attempt`;
}

function Summary({ behaviour }: { behaviour: RetryBehaviourAnswer }) {
  const attemptsMatch = behaviour.maxAttempts === SPEC_RETRY_RULES.attempts;
  const timedOut = behaviour.afterDelays.filter((d) => d.timedOut && d.waitedMs !== null);
  const waited = spread(timedOut.map((d) => d.waitedMs!));
  // A 2xx given at once and sent again anyway is a duplicate send, not a retry rule.
  const retriedOn = behaviour.answers
    .filter((a) => a.retried > 0 && !(a.status < 300 && !a.hangSeconds))
    .map((a) => a.label);
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Stat label="Most attempts per event" value={behaviour.maxAttempts}>
        <Badge variant={attemptsMatch ? "success" : "warning"}>
          spec: {SPEC_RETRY_RULES.attempts}
        </Badge>
        <span className="text-muted-foreground">
          {behaviour.retriedGroups} of {behaviour.groups} retried
        </span>
      </Stat>
      <Stat
        label="Gaps (median)"
        value={behaviour.gaps.map((g) => formatDuration(g.medianMs)).join(" → ") || "—"}
      >
        <span className="text-muted-foreground">{backoffWords(behaviour.backoffFactor)}</span>
      </Stat>
      <Stat label="Retried after" value={retriedOn.length ? retriedOn.join(", ") : "—"}>
        <span className="text-muted-foreground">our answers followed by another attempt</span>
      </Stat>
      <Stat label="Sender's timeout ≈" value={waited ? formatDuration(waited.medianMs) : "—"}>
        <Badge variant="muted">spec: {SPEC_RETRY_RULES.timeoutSeconds} s</Badge>
        {!waited ? <span className="text-muted-foreground">hold an answer to see it</span> : null}
      </Stat>
    </div>
  );
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="gap-3 py-4">
      <CardHeader>
        <CardTitle>
          <h2>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function RetriesSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-hidden="true">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
      <Skeleton className="h-56" />
    </div>
  );
}

/**
 * The Retries view: how the sender really retries at the endpoint in view, from the stored retry groups
 * (lib/webhooks/shared/retry-behaviour.ts), as a chart with the raw numbers beside it.
 */
export function RetriesView() {
  const [view, setView] = useInsightView();
  const query = useQuery(insightQueries.retryBehaviour(view.endpoint));
  const behaviour = query.data;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <EndpointPicker value={view.endpoint} onChange={(endpoint) => void setView({ endpoint })} />
        {behaviour ? (
          <p className="text-[13px] text-muted-foreground">
            Attempts of the same body within {formatDuration(behaviour.retryWindowSeconds * 1000)}{" "}
            form a group
          </p>
        ) : null}
      </div>
      {query.isError ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{query.error.message}</AlertDescription>
        </Alert>
      ) : !behaviour ? (
        <RetriesSkeleton />
      ) : behaviour.retriedGroups === 0 ? (
        <div className="rounded-lg border bg-card">
          <RetryGuide endpoint={view.endpoint} windowSeconds={behaviour.retryWindowSeconds} />
        </div>
      ) : (
        <>
          <Summary behaviour={behaviour} />
          <Section
            title="When each attempt came"
            description="Time since the group's first attempt; one dot per group (the newest 50)."
          >
            <RetryChart behaviour={behaviour} />
          </Section>
          <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
            <Section
              title="Gap before each attempt"
              description="After answers we gave at once. The spec says 3 attempts with exponential backoff and gives no intervals."
            >
              <GapTable behaviour={behaviour} />
            </Section>
            <Section
              title="Our answers"
              description="What we answered, and how often another attempt followed."
            >
              <AnswerTable behaviour={behaviour} />
            </Section>
          </div>
          {behaviour.afterDelays.length > 0 ? (
            <Section
              title="After a held answer"
              description="The gap less the usual backoff is how long the sender waited before giving up or getting our answer."
            >
              <DelayTable behaviour={behaviour} />
            </Section>
          ) : null}
          <Section
            title="Recent retry groups"
            description="Each attempt with our answer and the gap before it; open one in Deliveries."
          >
            <GroupList behaviour={behaviour} endpoint={view.endpoint} />
          </Section>
          <Section
            title="Probe the sender"
            description="Script the next answers of this endpoint, then send an event."
          >
            <ProbeButtons endpoint={view.endpoint} />
            {behaviour.resentAfterSuccess > 0 ? (
              <p className="mt-3 text-xs text-muted-foreground">
                {behaviour.resentAfterSuccess} identical{" "}
                {pluralWord(behaviour.resentAfterSuccess, "body was", "bodies were")} sent again
                after an immediate 2xx: a duplicate send, left out of the gaps above.
              </p>
            ) : null}
          </Section>
        </>
      )}
    </div>
  );
}
