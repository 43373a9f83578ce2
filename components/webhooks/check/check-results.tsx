"use client";

import {
  CircleAlertIcon,
  CircleCheckIcon,
  CircleDashedIcon,
  CircleXIcon,
  InfoIcon,
  LoaderCircleIcon,
  WrenchIcon,
} from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { UtcTime } from "@/components/ui/utc-time";
import { UserText } from "@/components/ui/user-text";
import { CHECK_CASES } from "@/lib/check/cases";
import type { CaseResult, CheckExchange, Verdict } from "@/lib/check/types";
import { plural } from "@/lib/ui/format";
import type { CheckRunSummary } from "@/lib/webhooks/browser/console-client";
import { TextBlock } from "../text-block";

const VERDICTS: Record<
  Verdict,
  { label: string; variant: "success" | "warning" | "destructive" | "info"; icon: typeof InfoIcon }
> = {
  pass: { label: "Pass", variant: "success", icon: CircleCheckIcon },
  warn: { label: "Warn", variant: "warning", icon: CircleAlertIcon },
  fail: { label: "Fail", variant: "destructive", icon: CircleXIcon },
  info: { label: "Info", variant: "info", icon: InfoIcon },
};

const TONE: Record<Verdict, string> = {
  pass: "text-success",
  warn: "text-warning",
  fail: "text-destructive",
  info: "text-info",
};

export function VerdictBadge({ verdict }: { verdict: Verdict }) {
  const { label, variant } = VERDICTS[verdict];
  return <Badge variant={variant}>{label}</Badge>;
}

/**
 * One run's cases, as they arrive: a row per case (expected, got, verdict), the fix under a failed or
 * warned case, and the requests the case sent with the handler's answers behind a disclosure. Cases not yet
 * answered show as waiting while the run goes on.
 */
export function CheckResults({
  run,
  results,
  running,
  error,
}: {
  run: CheckRunSummary | null;
  results: CaseResult[];
  running: boolean;
  error: string | null;
}) {
  const done = new Set(results.map((r) => r.number));
  const waiting = running ? CHECK_CASES.filter((c) => !done.has(c.number)) : [];
  const summary = run?.summary;
  return (
    <Card className="gap-0 py-0" aria-label="Check results" role="region">
      <CardHeader className="flex flex-wrap items-start justify-between gap-3 border-b py-4">
        <div className="min-w-0">
          <CardTitle>
            <h2>
              {running
                ? "Checking…"
                : summary
                  ? summary.ok
                    ? "All required cases pass"
                    : "Some cases fail"
                  : "Run"}
            </h2>
          </CardTitle>
          <CardDescription className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
            {run ? (
              <>
                <span className="min-w-0 truncate font-mono text-xs">
                  <UserText value={run.target} truncate />
                </span>
                <span aria-hidden="true">·</span>
                <UtcTime iso={run.startedAt} />
                {run.by ? (
                  <>
                    <span aria-hidden="true">·</span>
                    <UserText value={run.by} />
                  </>
                ) : null}
              </>
            ) : (
              "Starting…"
            )}
          </CardDescription>
        </div>
        <div className="flex flex-wrap gap-1.5" aria-label="Summary">
          {summary ? (
            <>
              <Badge variant="success">{summary.passed} passed</Badge>
              {summary.warned ? <Badge variant="warning">{summary.warned} warned</Badge> : null}
              <Badge variant={summary.failed ? "destructive" : "muted"}>
                {summary.failed} failed
              </Badge>
            </>
          ) : (
            <Badge variant="muted">
              {results.length} of {results.length + waiting.length || results.length} done
            </Badge>
          )}
        </div>
      </CardHeader>
      <CardContent className="px-0">
        <ol className="divide-y" aria-label="Cases">
          {results.map((result) => (
            <CaseRow key={result.number} result={result} />
          ))}
          {waiting.map((c, index) => (
            <li
              key={c.number}
              className="flex items-center gap-3 px-4 py-3 text-sm text-muted-foreground sm:px-6"
            >
              {index === 0 ? (
                <LoaderCircleIcon className="size-4 shrink-0 animate-spin" aria-hidden="true" />
              ) : (
                <CircleDashedIcon className="size-4 shrink-0" aria-hidden="true" />
              )}
              <span className="w-5 shrink-0 text-xs tabular-nums">{c.number}</span>
              <span className="min-w-0 flex-1 truncate">{c.title}</span>
              <span className="text-xs">{index === 0 ? "running" : "waiting"}</span>
            </li>
          ))}
        </ol>
        {error ? (
          <p role="alert" className="border-t px-4 py-3 text-sm text-destructive sm:px-6">
            {error}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function CaseRow({ result }: { result: CaseResult }) {
  const Icon = VERDICTS[result.verdict].icon;
  return (
    <li className="px-4 py-3 sm:px-6" aria-label={`Case ${result.number}: ${result.title}`}>
      <div className="flex items-start gap-3">
        <Icon className={`mt-0.5 size-4 shrink-0 ${TONE[result.verdict]}`} aria-hidden="true" />
        <span className="mt-px w-5 shrink-0 text-xs text-muted-foreground tabular-nums">
          {result.number}
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1 md:flex-row md:items-start md:gap-4">
          <span className="min-w-0 flex-1 text-sm font-medium">{result.title}</span>
          <dl className="grid shrink-0 grid-cols-[auto_1fr] gap-x-2 text-xs md:w-80">
            <dt className="text-muted-foreground">Expected</dt>
            <dd data-field="expected">{result.expected}</dd>
            <dt className="text-muted-foreground">Got</dt>
            <dd data-field="got" className="font-mono break-words">
              <UserText value={result.got} />
            </dd>
          </dl>
        </div>
        <span data-field="verdict" className="shrink-0">
          <VerdictBadge verdict={result.verdict} />
        </span>
      </div>
      <div className="mt-2 flex flex-col gap-2 pl-12">
        {result.fix ? (
          <p className="flex items-start gap-2 rounded-md border border-warning/30 bg-warning/5 px-3 py-2 text-xs">
            <WrenchIcon className="mt-0.5 size-3.5 shrink-0 text-warning" aria-hidden="true" />
            <span>
              <span className="font-medium">Fix: </span>
              {result.fix}
            </span>
          </p>
        ) : null}
        {result.exchanges.length > 0 ? (
          <details className="group text-xs">
            <summary className="cursor-pointer text-muted-foreground select-none hover:text-foreground">
              {plural(result.exchanges.length, "request")} and answers
            </summary>
            <div className="mt-2 flex flex-col gap-3">
              {result.exchanges.map((exchange, index) => (
                <ExchangeView key={index} exchange={exchange} />
              ))}
            </div>
          </details>
        ) : null}
      </div>
    </li>
  );
}

function ExchangeView({ exchange }: { exchange: CheckExchange }) {
  const { request, answer } = exchange;
  return (
    <div className="flex flex-col gap-2 rounded-md border bg-muted/30 p-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-medium">
          <UserText value={exchange.label} />
        </span>
        <span className="font-mono text-muted-foreground">
          {request.method} · {request.bodyBytes.toLocaleString("en")} bytes
        </span>
        {answer ? (
          <Badge
            variant={
              answer.status >= 500 ? "destructive" : answer.status >= 400 ? "warning" : "muted"
            }
          >
            {answer.status} in {answer.durationMs} ms
          </Badge>
        ) : (
          <Badge variant="destructive">
            <UserText value={exchange.error ?? "no answer"} />
          </Badge>
        )}
      </div>
      <TextBlock
        label="Request headers"
        text={request.headers.map(([name, value]) => `${name}: ${value}`).join("\n")}
      />
      {answer ? (
        <>
          <TextBlock
            label="Answer headers"
            text={answer.headers.map(([name, value]) => `${name}: ${value}`).join("\n")}
          />
          {answer.bodyHead ? (
            <TextBlock label="Answer body (first 4 KiB)" text={answer.bodyHead} />
          ) : null}
        </>
      ) : null}
    </div>
  );
}
