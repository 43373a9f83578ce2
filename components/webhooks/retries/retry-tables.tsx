"use client";

import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { formatCount, formatDuration } from "@/lib/ui/format";
import { Moment } from "@/components/ui/moment";
import type { RetryBehaviour } from "@/lib/webhooks/shared/retry-behaviour";

/** The raw numbers behind the chart: the gap before each attempt. */
export function GapTable({ behaviour }: { behaviour: RetryBehaviour }) {
  return (
    <Table aria-label="Gap before each attempt">
      <TableHeader>
        <TableRow>
          <TableHead>Before</TableHead>
          <TableHead className="hidden text-right sm:table-cell">Gaps</TableHead>
          <TableHead className="text-right">Median</TableHead>
          <TableHead className="text-right">Range</TableHead>
          <TableHead className="hidden text-right sm:table-cell">× previous</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {behaviour.gaps.map((gap, i) => {
          const previous = behaviour.gaps[i - 1];
          return (
            <TableRow key={gap.attempt} data-attempt={gap.attempt}>
              <TableCell>attempt {gap.attempt}</TableCell>
              <TableCell className="hidden text-right tabular-nums sm:table-cell">
                {formatCount(gap.count)}
              </TableCell>
              <TableCell className="text-right tabular-nums" data-cell="median">
                {formatDuration(gap.medianMs)}
              </TableCell>
              <TableCell className="text-right tabular-nums" data-cell="range">
                {formatDuration(gap.minMs)} – {formatDuration(gap.maxMs)}
              </TableCell>
              <TableCell className="hidden text-right tabular-nums sm:table-cell">
                {previous ? `×${(gap.medianMs / Math.max(1, previous.medianMs)).toFixed(1)}` : "—"}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** Which of our answers were followed by another attempt. */
export function AnswerTable({ behaviour }: { behaviour: RetryBehaviour }) {
  return (
    <Table aria-label="Our answers and what followed">
      <TableHeader>
        <TableRow>
          <TableHead>We answered</TableHead>
          <TableHead className="text-right">Times</TableHead>
          <TableHead className="text-right">Retried</TableHead>
          <TableHead className="hidden sm:table-cell">Reading</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {behaviour.answers.map((answer) => {
          const ok = answer.status < 300 && !answer.hangSeconds;
          return (
            <TableRow key={answer.label} data-answer={answer.label}>
              <TableCell className="font-mono text-xs">{answer.label}</TableCell>
              <TableCell className="text-right tabular-nums">{formatCount(answer.given)}</TableCell>
              <TableCell className="text-right tabular-nums" data-cell="retried">
                {formatCount(answer.retried)}
              </TableCell>
              <TableCell className="hidden sm:table-cell">
                {answer.retried > 0 ? (
                  <Badge variant={ok ? "warning" : "destructive"}>
                    {ok ? "sent again anyway" : "leads to a retry"}
                  </Badge>
                ) : ok ? (
                  <Badge variant="success">accepted</Badge>
                ) : (
                  <Badge variant="muted">no retry seen</Badge>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** What came after each answer we held back: the gap, and how long the sender itself waited. */
export function DelayTable({ behaviour }: { behaviour: RetryBehaviour }) {
  return (
    <Table aria-label="After a held answer">
      <TableHeader>
        <TableRow>
          <TableHead>We held</TableHead>
          <TableHead className="hidden text-right sm:table-cell">Next attempt after</TableHead>
          <TableHead className="text-right">Sender waited ≈</TableHead>
          <TableHead className="hidden sm:table-cell">Reading</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {behaviour.afterDelays.map((d) => (
          <TableRow key={`${d.rootId}-${d.attempt}`} data-delay={d.hangSeconds}>
            <TableCell className="font-mono text-xs">
              {d.hangSeconds} s, then {d.status}
            </TableCell>
            <TableCell className="hidden text-right tabular-nums sm:table-cell" data-cell="gap">
              {formatDuration(d.gapMs)}
            </TableCell>
            <TableCell className="text-right tabular-nums">
              {d.waitedMs === null ? "—" : formatDuration(d.waitedMs)}
            </TableCell>
            <TableCell className="hidden sm:table-cell">
              {d.timedOut === null ? (
                <span className="text-muted-foreground">no backoff to compare with yet</span>
              ) : d.timedOut ? (
                <Badge variant="warning">timed out before our answer</Badge>
              ) : (
                <Badge variant="muted">waited for our answer</Badge>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function attemptTone(label: string) {
  if (label.includes(" after ")) return "warning";
  return label.startsWith("2") ? "success" : "destructive";
}

/** The newest retry groups, each attempt with its answer and the gap before it. */
export function GroupList({
  behaviour,
  endpoint,
}: {
  behaviour: RetryBehaviour;
  endpoint: string;
}) {
  const link = (id: number) =>
    `/webhooks?${endpoint ? `endpoint=${encodeURIComponent(endpoint)}&` : ""}delivery=${id}&tab=attempts`;
  return (
    <ul aria-label="Recent retry groups" className="flex flex-col divide-y text-[13px]">
      {behaviour.recentGroups.map((group) => (
        <li
          key={group.rootId}
          data-group={group.rootId}
          className="flex flex-col gap-1.5 py-2 sm:flex-row sm:items-center sm:gap-4"
        >
          <span className="flex w-44 shrink-0 items-center gap-2 text-xs tabular-nums">
            <Link href={link(group.rootId)} className="hover:underline">
              <Moment value={group.firstAt} />
            </Link>
            {group.open ? <Badge variant="info">may retry</Badge> : null}
          </span>
          <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs">
            {group.attempts.map((a) => (
              <li key={a.id} className="flex items-center gap-1.5">
                {a.gapMs !== null ? (
                  <span className="text-muted-foreground tabular-nums">
                    +{formatDuration(a.gapMs)} →
                  </span>
                ) : null}
                <Badge variant={attemptTone(a.label)} className="font-mono">
                  #{a.attempt} {a.label}
                </Badge>
              </li>
            ))}
          </ol>
        </li>
      ))}
    </ul>
  );
}
