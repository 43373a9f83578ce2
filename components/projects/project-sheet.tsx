"use client";

import { ChevronDown, ChevronUp } from "lucide-react";
import { Fragment, type KeyboardEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Kbd } from "@/components/ui/kbd";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from "@/components/ui/sheet";
import { UserText } from "@/components/ui/user-text";
import {
  columnValue,
  PROJECT_COLUMN_IDS,
  PROJECT_COLUMNS,
  type CellKind,
} from "@/lib/projects/columns";
import { formatCount, formatDateTime, formatTimeAgo } from "@/lib/ui/format";
import type { Project } from "@/lib/projects/schema";
import { statusLabel } from "@/lib/projects/status";
import { StatusBadge } from "./status-badge";

function Field({
  label,
  value,
  children,
}: {
  label: string;
  value: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="grid grid-cols-[6.5rem_minmax(0,1fr)] items-start gap-x-3 border-b py-2.5 last:border-0">
      <dt className="pt-1 text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="flex min-w-0 items-start gap-2 text-[13px]">
        <div className="min-w-0 flex-1 pt-0.5 break-words">
          {children ?? <UserText value={value} />}
        </div>
        <CopyButton value={value} label={label.toLowerCase()} className="-my-1" />
      </dd>
    </div>
  );
}

function DateField({ label, iso, now }: { label: string; iso: string; now: number }) {
  return (
    <Field label={label} value={iso}>
      <time dateTime={iso} className="block">
        {formatDateTime(iso)}
      </time>
      <span className="text-xs text-muted-foreground">
        {formatTimeAgo(iso, now)} · <span className="font-mono whitespace-nowrap">{iso}</span>
      </span>
    </Field>
  );
}

/** How the sheet shows each kind of cell (lib/projects/columns.ts): typed by every kind, like the table's. */
const FIELDS: Record<CellKind, (label: string, value: string, now: number) => ReactNode> = {
  id: (label, value) => (
    <Field label={label} value={value}>
      <UserText value={value} className="font-mono text-xs" />
    </Field>
  ),
  title: (label, value) => <Field label={label} value={value} />,
  text: (label, value) => <Field label={label} value={value} />,
  status: (label, value) => (
    <Field label={label} value={value}>
      {statusLabel(value)}{" "}
      <span className="text-xs text-muted-foreground">
        (sent as <UserText value={value} className="font-mono" />)
      </span>
    </Field>
  ),
  date: (label, iso, now) => <DateField label={label} iso={iso} now={now} />,
};

/**
 * Every field of one project (every column, in the table's default order), each copyable, and a link to this exact view with the sheet open. ↑/↓ (or
 * k/j) move to the neighbouring project of the list as it is filtered and sorted; Esc closes.
 */
export function ProjectSheet({
  project,
  link,
  missingId,
  position,
  total,
  now,
  onMove,
  onClose,
  onCloseAutoFocus,
}: {
  project: Project | null;
  /** The absolute URL of this view with this project open. */
  link: string;
  /** An id from the URL that the list does not hold (deleted, or a stale link). */
  missingId: string | null;
  /** 0-based place among the shown rows, or -1 when the filters hide it. */
  position: number;
  total: number;
  now: number;
  onMove: (step: -1 | 1) => void;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const canPrev = position > 0;
  const canNext = position >= 0 && position < total - 1;

  function onKeyDown(event: KeyboardEvent) {
    if (event.metaKey || event.ctrlKey || event.altKey) return;
    const target = event.target as HTMLElement;
    if (["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)) return;
    const step =
      event.key === "ArrowDown" || event.key === "j"
        ? 1
        : event.key === "ArrowUp" || event.key === "k"
          ? -1
          : 0;
    if (step === 0) return;
    event.preventDefault();
    if ((step === 1 && canNext) || (step === -1 && canPrev)) onMove(step);
  }

  return (
    <Sheet
      open={project !== null || missingId !== null}
      onOpenChange={(open) => !open && onClose()}
    >
      <SheetContent
        onKeyDown={onKeyDown}
        onCloseAutoFocus={onCloseAutoFocus}
        className="w-full gap-0 sm:max-w-md"
      >
        {project ? (
          <>
            <SheetHeader className="gap-2 border-b pr-12">
              <div className="flex items-center gap-2">
                <StatusBadge status={project.status} />
                <span className="text-xs text-muted-foreground tabular-nums">
                  {position >= 0
                    ? `${formatCount(position + 1)} of ${formatCount(total)}`
                    : "Hidden by the filters"}
                </span>
                <div className="ml-auto flex items-center gap-1">
                  <Button
                    variant="outline"
                    size="icon-sm"
                    disabled={!canPrev}
                    onClick={() => onMove(-1)}
                    aria-label="Previous project"
                    aria-keyshortcuts="ArrowUp"
                  >
                    <ChevronUp />
                  </Button>
                  <Button
                    variant="outline"
                    size="icon-sm"
                    disabled={!canNext}
                    onClick={() => onMove(1)}
                    aria-label="Next project"
                    aria-keyshortcuts="ArrowDown"
                  >
                    <ChevronDown />
                  </Button>
                </div>
              </div>
              <SheetTitle className="text-base leading-snug break-words">
                <UserText value={project.name} />
              </SheetTitle>
              <SheetDescription className="break-words">
                <UserText value={project.client_name} /> · <UserText value={project.town} />
              </SheetDescription>
            </SheetHeader>
            <dl className="flex-1 overflow-y-auto px-4">
              {PROJECT_COLUMN_IDS.map((id) => (
                <Fragment key={id}>
                  {FIELDS[PROJECT_COLUMNS[id].cell](
                    PROJECT_COLUMNS[id].header,
                    columnValue(id, project),
                    now,
                  )}
                </Fragment>
              ))}
            </dl>
            <SheetFooter className="flex-row items-center justify-between border-t">
              <p className="hidden text-xs text-muted-foreground sm:block">
                <Kbd>↑</Kbd> <Kbd>↓</Kbd> move · <Kbd>Esc</Kbd> close
              </p>
              <CopyButton value={link} label="link" variant="outline" size="default">
                Copy link
              </CopyButton>
            </SheetFooter>
          </>
        ) : (
          <SheetHeader>
            <SheetTitle>Project not found</SheetTitle>
            <SheetDescription>
              The list has no project with the id{" "}
              <UserText value={missingId ?? ""} className="font-mono" />. It may have been completed
              or removed since the link was made.
            </SheetDescription>
          </SheetHeader>
        )}
      </SheetContent>
    </Sheet>
  );
}
