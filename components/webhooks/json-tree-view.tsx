"use client";

import { ChevronRightIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { UserText } from "@/components/ui/user-text";
import { jsonPath, prettyJson } from "@/lib/webhooks/shared/format";
import {
  CHILD_PAGE,
  defaultExpanded,
  expandAllIds,
  MAX_ROWS,
  pathId,
  treeRows,
  type JsonKey,
  type TreeRow,
} from "@/lib/webhooks/shared/json-tree";
import { cn } from "@/lib/utils";
import { formatCount } from "@/lib/ui/format";

/** Indentation stops growing here, so a deeply nested payload cannot push its rows off the pane. */
const MAX_INDENT = 16;
const PREVIEW_CHARS = 300;

function scalarText(value: unknown): { text: string; tone: string } {
  if (typeof value === "string") {
    const text = value.length > PREVIEW_CHARS ? `${value.slice(0, PREVIEW_CHARS)}…` : value;
    return { text: `"${text}"`, tone: "text-success" };
  }
  if (typeof value === "number") return { text: String(value), tone: "text-info" };
  if (typeof value === "boolean") return { text: String(value), tone: "text-warning" };
  return { text: "null", tone: "text-muted-foreground" };
}

/**
 * What "Copy value" puts on the clipboard: a string as is, anything else as pretty JSON from the bounded
 * printer (JSON.stringify with an indent would build 100 MB of spaces for 10,000 nested arrays).
 */
function copyableValue(value: unknown): string {
  if (typeof value === "string") return value;
  return prettyJson(value, { maxChars: 2_000_000 }).text;
}

/**
 * A collapsible tree of parsed JSON. Rows are flat (json-tree.ts computes them without recursion, within
 * caps); values and keys are text. Clicking a row selects it; its path and value can then be copied.
 */
export function JsonTreeView({ value, label }: { value: unknown; label: string }) {
  const [expanded, setExpanded] = useState(() => defaultExpanded(value));
  const [shown, setShown] = useState<Map<string, number>>(() => new Map());
  const [selected, setSelected] = useState<JsonKey[] | null>(null);
  const { rows, capped } = useMemo(
    () => treeRows(value, expanded, shown),
    [value, expanded, shown],
  );

  const toggle = (id: string) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const copied = useMemo(
    () => (selected ? copyableValue(valueAt(value, selected)) : ""),
    [value, selected],
  );

  return (
    <div className="flex flex-col gap-2" data-testid="json-tree">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => setExpanded(expandAllIds(value))}>
          Expand all
        </Button>
        <Button variant="outline" size="sm" onClick={() => setExpanded(new Set([pathId([])]))}>
          Collapse all
        </Button>
        {selected ? (
          <div className="flex min-w-0 items-center gap-1 text-xs">
            <code className="min-w-0 truncate rounded bg-muted px-1.5 py-0.5 font-mono">
              <UserText value={jsonPath(selected)} />
            </code>
            <CopyButton value={jsonPath(selected)} label="path" />
            <CopyButton value={copied} label="value" />
          </div>
        ) : (
          <span className="text-xs text-muted-foreground">
            Select a row to copy its path or value.
          </span>
        )}
      </div>
      <div
        role="tree"
        aria-label={label}
        className="overflow-x-auto rounded-md border bg-card py-1 font-mono text-xs leading-6"
      >
        {rows.map((row) =>
          row.kind === "more" ? (
            <MoreRow
              key={row.id}
              row={row}
              onMore={() =>
                setShown((previous) => new Map(previous).set(row.parentId, row.shown + CHILD_PAGE))
              }
            />
          ) : (
            <ValueRow
              key={row.id}
              row={row}
              selected={selected !== null && pathId(selected) === row.id}
              onToggle={() => toggle(row.id)}
              onSelect={() => setSelected(row.path)}
            />
          ),
        )}
        {capped ? (
          <p className="px-3 py-1 font-sans text-muted-foreground">
            Showing the first {formatCount(MAX_ROWS)} rows. Collapse a branch to see more, or read
            the Pretty or Raw view.
          </p>
        ) : null}
      </div>
    </div>
  );
}

function indent(depth: number) {
  return { paddingLeft: `${0.5 + Math.min(depth, MAX_INDENT) * 1}rem` };
}

function ValueRow({
  row,
  selected,
  onToggle,
  onSelect,
}: {
  row: Extract<TreeRow, { kind: "value" }>;
  selected: boolean;
  onToggle: () => void;
  onSelect: () => void;
}) {
  const container = row.size !== null;
  const scalar = container ? null : scalarText(row.value);
  return (
    <div
      role="treeitem"
      aria-level={row.depth + 1}
      aria-expanded={container && row.size! > 0 ? row.expanded : undefined}
      aria-selected={selected}
      className={cn(
        "flex min-w-0 items-start gap-1 pr-2 whitespace-nowrap",
        selected ? "bg-accent" : "hover:bg-accent/50",
      )}
      style={indent(row.depth)}
      onClick={onSelect}
    >
      {container && row.size! > 0 ? (
        <button
          type="button"
          className="mt-1 shrink-0 rounded-sm text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none"
          aria-label={`${row.expanded ? "Collapse" : "Expand"} ${row.path.length ? jsonPath(row.path) : "root"}`}
          onClick={(event) => {
            event.stopPropagation();
            onSelect();
            onToggle();
          }}
        >
          <ChevronRightIcon
            className={cn("size-4 transition-transform", row.expanded && "rotate-90")}
          />
        </button>
      ) : (
        <span className="inline-block w-4 shrink-0" />
      )}
      {row.depth > MAX_INDENT ? (
        <span className="shrink-0 text-muted-foreground" title="Nesting depth">
          ↳{row.depth}
        </span>
      ) : null}
      {row.name !== null ? (
        <span className="shrink-0 text-foreground">
          {typeof row.name === "number" ? (
            <span className="text-muted-foreground">{row.name}</span>
          ) : (
            <UserText
              value={row.name}
              className="max-w-[24ch] truncate align-bottom inline-block"
            />
          )}
          <span className="text-muted-foreground">:</span>
        </span>
      ) : null}
      {container ? (
        <span className="text-muted-foreground">
          {Array.isArray(row.value) ? `[${row.size}]` : `{${row.size}}`}
        </span>
      ) : (
        <span className={cn("min-w-0 truncate", scalar!.tone)}>
          <UserText value={scalar!.text} />
        </span>
      )}
    </div>
  );
}

function MoreRow({ row, onMore }: { row: Extract<TreeRow, { kind: "more" }>; onMore: () => void }) {
  return (
    <div
      role="treeitem"
      aria-level={row.depth + 1}
      aria-selected={false}
      style={indent(row.depth)}
      className="py-0.5"
    >
      <Button variant="link" size="sm" className="h-6 px-5 font-sans" onClick={onMore}>
        Show {Math.min(CHILD_PAGE, row.total - row.shown)} more of {formatCount(row.total)}
      </Button>
    </div>
  );
}

function valueAt(root: unknown, path: readonly JsonKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = Object.hasOwn(value, key) ? (value as Record<JsonKey, unknown>)[key] : undefined;
  }
  return value;
}
