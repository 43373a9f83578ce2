"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { SettingsSection } from "@/components/settings/settings-section";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent } from "@/components/ui/card";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { connectionQueries } from "@/lib/connection/browser";
import type { ConnectionStatus } from "@/lib/connection/schema";
import { CALL_REASONS } from "@/lib/connection/values";
import { formatAge, formatCount, formatDateTime, formatDuration, plural } from "@/lib/ui/format";
import { cn } from "@/lib/utils";
import { HEALTH_WORDS, HealthDot } from "./health-dot";
import { ApiKeyCard } from "./api-key-card";

/** Settings → Connection's overview, polled every few seconds from recorded state (no call to the service). */
export function ConnectionOverview({
  isAdmin,
  initial,
}: {
  isAdmin: boolean;
  initial: ConnectionStatus;
}) {
  const { data = initial } = useQuery({ ...connectionQueries.status(), initialData: initial });
  const queryClient = useQueryClient();
  useEffect(() => {
    // The header's dot polls every 30 s; while this page polls every 3 s the dot shows what the page shows.
    queryClient.setQueryData(connectionQueries.health().queryKey, {
      health: data.health,
      headline: data.state.headline,
    });
  }, [queryClient, data.health, data.state.headline]);
  const now = Date.parse(data.now);
  return (
    <div className="grid grid-cols-1 gap-6">
      <StateCard status={data} />
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <BudgetCard status={data} now={now} />
        <SnapshotCard status={data} now={now} />
      </div>
      <ApiKeyCard status={data} isAdmin={isAdmin} />
      <CallsCard status={data} now={now} />
    </div>
  );
}

function StateCard({ status }: { status: ConnectionStatus }) {
  return (
    <section aria-labelledby="connection-state-heading">
      <Card>
        <CardContent className="flex items-start gap-3">
          <HealthDot health={status.health} className="mt-1.5 size-2.5" />
          <div className="min-w-0 flex-1">
            <h2
              id="connection-state-heading"
              className="text-sm font-semibold"
              data-testid="connection-state"
            >
              {status.state.headline}
            </h2>
            <p className="mt-1 text-[13px] text-muted-foreground" data-testid="connection-detail">
              {status.state.detail}
            </p>
            <p className="mt-2 text-xs break-all text-muted-foreground">
              {HEALTH_WORDS[status.health]} ·{" "}
              {status.baseUrl ?? "No base URL (PROJECTS_API_BASE_URL)"}
              {status.key.lastFour ? ` · key …${status.key.lastFour}` : ""}
            </p>
          </div>
        </CardContent>
      </Card>
    </section>
  );
}

function Figure({ label, value, hint }: { label: string; value: React.ReactNode; hint?: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-[13px] font-medium tabular-nums">
        {value}
        {hint ? (
          <span className="block text-xs font-normal text-muted-foreground">{hint}</span>
        ) : null}
      </dd>
    </div>
  );
}

function BudgetCard({ status, now }: { status: ConnectionStatus; now: number }) {
  const { usedLastMinute, ceiling, serviceLimit, notBefore } = status.budget;
  const share = Math.min(1, usedLastMinute / serviceLimit);
  return (
    <SettingsSection
      id="connection-budget-heading"
      title="Call budget"
      description="Calls with this key in the last minute, by every instance of the console together."
    >
      <p className="text-2xl font-semibold tabular-nums" data-testid="budget-used">
        {usedLastMinute}
        <span className="text-sm font-normal text-muted-foreground">
          {" "}
          of {serviceLimit} allowed
        </span>
      </p>
      <div
        className="mt-2 h-1.5 overflow-hidden rounded-full bg-muted"
        role="meter"
        aria-label="Calls in the last minute"
        aria-valuemin={0}
        aria-valuemax={serviceLimit}
        aria-valuenow={usedLastMinute}
      >
        <div
          className={cn(
            "h-full rounded-full",
            usedLastMinute >= ceiling ? "bg-warning" : "bg-primary",
          )}
          style={{ width: `${share * 100}%` }}
        />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3">
        <Figure
          label="Our ceiling"
          value={`${ceiling} a minute`}
          hint="Set by UPSTREAM_CALLS_PER_MINUTE"
        />
        <Figure
          label="Next refresh"
          value={
            status.nextRefreshAt
              ? Date.parse(status.nextRefreshAt) <= now
                ? "On the next visit"
                : formatAge(status.nextRefreshAt, now)
              : "On the first visit"
          }
        />
        {notBefore ? (
          <Figure
            label="Service asked to wait until"
            value={formatAge(notBefore, now)}
            hint="The service's Retry-After"
          />
        ) : null}
      </dl>
    </SettingsSection>
  );
}

function SnapshotCard({ status, now }: { status: ConnectionStatus; now: number }) {
  const { snapshot } = status;
  return (
    <SettingsSection
      id="connection-snapshot-heading"
      title="Snapshot"
      description="The projects every member is served, shared by all instances."
    >
      <dl className="grid grid-cols-2 gap-3">
        <Figure
          label="Projects"
          value={snapshot.projects === null ? "None yet" : formatCount(snapshot.projects)}
        />
        <Figure
          label="Fetched"
          value={snapshot.fetchedAt ? formatAge(snapshot.fetchedAt, now) : "Never"}
        />
        <Figure
          label="Fresh for"
          value={formatDuration(snapshot.ttlSeconds * 1000)}
          hint="The snapshot's TTL"
        />
        <Figure
          label="State"
          value={
            snapshot.fetchedAt === null ? (
              "—"
            ) : snapshot.stale ? (
              <Badge variant="warning" className="whitespace-normal">
                Stale: the last refresh failed
              </Badge>
            ) : (
              <Badge variant="success">Current</Badge>
            )
          }
        />
      </dl>
      {snapshot.lastError ? (
        <p className="mt-4 text-[13px] text-muted-foreground">
          <span className="font-medium text-foreground">Last error: </span>
          {snapshot.lastError.message}
        </p>
      ) : null}
    </SettingsSection>
  );
}

function statusTone(status: number | null): "success" | "warning" | "destructive" | "muted" {
  if (status === null) return "destructive";
  if (status >= 200 && status < 300) return "success";
  if (status === 429 || (status >= 300 && status < 400)) return "warning";
  return "destructive";
}

function CallsCard({ status, now }: { status: ConnectionStatus; now: number }) {
  const calls = status.calls;
  return (
    <SettingsSection
      id="connection-calls-heading"
      title="Calls to the service"
      description={`The last ${plural(calls.length, "call")} any instance made, newest first (the console keeps 100).`}
    >
      {calls.length === 0 ? (
        <p className="text-[13px] text-muted-foreground">No call yet.</p>
      ) : (
        <div className="-mx-6 overflow-x-auto px-6">
          <Table className="text-xs">
            <TableHeader>
              <TableRow>
                <TableHead>Time</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">Duration</TableHead>
                <TableHead className="text-right">Bytes</TableHead>
                <TableHead>Retry-After</TableHead>
                <TableHead>Why</TableHead>
                <TableHead>Instance</TableHead>
                <TableHead>Key</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {calls.map((call) => (
                <TableRow key={call.id}>
                  <TableCell className="whitespace-nowrap" title={formatDateTime(call.calledAt)}>
                    {formatAge(call.calledAt, now)}
                  </TableCell>
                  <TableCell>
                    <Badge variant={statusTone(call.status)} title={call.outcome}>
                      {call.status ??
                        (call.outcome === "upstream_timeout" ? "Timeout" : "No answer")}
                    </Badge>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatDuration(call.durationMs)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">
                    {call.bytes === null ? "—" : formatCount(call.bytes)}
                  </TableCell>
                  <TableCell>{call.retryAfter ?? "—"}</TableCell>
                  <TableCell className="whitespace-nowrap">
                    {CALL_REASONS[call.reason as keyof typeof CALL_REASONS] ?? call.reason}
                  </TableCell>
                  <TableCell className="max-w-40 truncate" title={call.instance}>
                    {call.instance}
                  </TableCell>
                  <TableCell className="font-mono">
                    {call.keyLastFour ? `…${call.keyLastFour}` : "—"}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </SettingsSection>
  );
}
