"use client";

import { ArrowRightLeftIcon, TriangleAlertIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { UserText } from "@/components/ui/user-text";
import type {
  EventShape,
  FieldNote,
  FieldShape,
} from "@/lib/webhooks/shared/event-shapes/describe";
import { displayPath } from "@/lib/webhooks/shared/event-shapes/field-paths";
import { examplesOf, kindText } from "./shape-format";
import { formatCount, sameMinute } from "@/lib/ui/format";
import { Moment } from "@/components/ui/moment";

function depthOf(path: string): number {
  return (path.match(/\.|\[/g) ?? []).length;
}

function Kinds({ field }: { field: FieldShape }) {
  if (field.kinds.length === 0) return <span className="text-muted-foreground">never seen</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {field.kinds.map((kind) => (
        <Badge
          key={kind.kind}
          variant={kind.kind === "null" ? "muted" : "outline"}
          className="font-mono font-normal"
        >
          {kindText(kind.kind)}
          <span className="text-muted-foreground tabular-nums">×{formatCount(kind.count)}</span>
        </Badge>
      ))}
    </span>
  );
}

function Presence({ field }: { field: FieldShape }) {
  if (field.presence === "in arrays") {
    return <span className="text-muted-foreground">{formatCount(field.occurrences)} elements</span>;
  }
  if (field.presence === "always") return <span>always</span>;
  return (
    <span>
      {field.presence}{" "}
      <span className="text-muted-foreground tabular-nums">
        {formatCount(field.occurrences)}/{formatCount(field.parentOccurrences)}
      </span>
    </span>
  );
}

function Notes({ notes, tone }: { notes: FieldNote[]; tone: "spec" | "change" }) {
  if (notes.length === 0) return null;
  const Icon = tone === "spec" ? TriangleAlertIcon : ArrowRightLeftIcon;
  return (
    <ul className="flex flex-col gap-0.5">
      {notes.map((note) => (
        <li
          key={note.code + note.message}
          data-note={note.code}
          className={`flex items-start gap-1.5 text-xs ${tone === "spec" ? "text-warning" : "text-info"}`}
        >
          <Icon aria-hidden="true" className="mt-0.5 size-3 shrink-0" />
          {/* Notes quote examples, which are the sender's data. */}
          <span className="min-w-0 break-words">
            <UserText value={note.message} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Every field of the event's `data`: path, kinds with counts, presence, examples, first and last seen, and
 * the notes (differences from the spec, changes over time) under the path. Secondary columns hide on
 * narrow screens; kinds and presence then show under the path.
 */
export function FieldTable({ shape }: { shape: EventShape }) {
  const fields = shape.fields.filter(
    (f) => f.path !== "" || f.kinds.some((k) => k.kind !== "object"),
  );
  return (
    <Table aria-label={`Fields of ${shape.event}`}>
      <TableHeader>
        <TableRow>
          <TableHead>Field</TableHead>
          <TableHead className="hidden sm:table-cell">Types</TableHead>
          <TableHead className="hidden sm:table-cell">Present</TableHead>
          <TableHead className="hidden lg:table-cell">Examples</TableHead>
          <TableHead className="hidden xl:table-cell">Seen</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {fields.map((field) => (
          <TableRow key={field.path} data-path={field.path} className="align-top">
            <TableCell className="max-w-[22rem] py-2 whitespace-normal">
              <div
                className="flex min-w-0 flex-col gap-1"
                style={{ paddingLeft: `${Math.min(depthOf(field.path) - 1, 6) * 0.75}rem` }}
              >
                <span className="min-w-0 font-mono text-xs">
                  <UserText value={displayPath(field.path)} truncate />
                </span>
                <span className="flex flex-col gap-1 sm:hidden">
                  <Kinds field={field} />
                  <span className="text-xs">
                    <Presence field={field} />
                  </span>
                </span>
                <Notes notes={field.spec} tone="spec" />
                <Notes notes={field.changes} tone="change" />
              </div>
            </TableCell>
            <TableCell className="hidden py-2 whitespace-normal sm:table-cell">
              <Kinds field={field} />
            </TableCell>
            <TableCell className="hidden py-2 sm:table-cell">
              <Presence field={field} />
              {field.nullable ? <span className="text-muted-foreground"> · nullable</span> : null}
            </TableCell>
            <TableCell className="hidden max-w-[16rem] py-2 lg:table-cell">
              <ul className="flex flex-col gap-0.5 font-mono text-xs text-muted-foreground">
                {examplesOf(field.kinds).map((example) => (
                  <li key={example} className="min-w-0">
                    <UserText value={example} truncate />
                  </li>
                ))}
              </ul>
            </TableCell>
            <TableCell className="hidden py-2 text-xs text-muted-foreground tabular-nums xl:table-cell">
              {!field.firstSeen ? (
                "—"
              ) : !field.lastSeen || sameMinute(field.firstSeen, field.lastSeen) ? (
                <Moment value={field.firstSeen} />
              ) : (
                <>
                  <Moment value={field.firstSeen} />
                  {" → "}
                  <Moment value={field.lastSeen} />
                </>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
