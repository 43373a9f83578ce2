"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";
import { consoleApi, type DeliveryComparison } from "@/lib/webhooks/browser/console-client";
import { formatBytes } from "@/lib/webhooks/shared/format";
import { MAX_ROWS } from "@/lib/webhooks/shared/json-tree";
import { VerificationBadge } from "../verification-badge";

/**
 * `/webhooks/compare?a=<id>&b=<id>`: two deliveries compared (a before, b after), from the API route of the
 * same name. The URL is the state, so a member can send it to a teammate of the console.
 */
export function CompareView() {
  const params = useSearchParams();
  const a = params.get("a") ?? "";
  const b = params.get("b") ?? "";
  const comparison = useQuery({
    queryKey: ["webhooks", "compare", a, b],
    queryFn: ({ signal }) => consoleApi.compare(a, b, signal),
    enabled: Boolean(a && b),
    staleTime: 30_000,
    retry: false,
  });
  return (
    <div className="flex flex-col gap-6">
      <ComparePicker a={a} b={b} />
      {comparison.error ? <FormError message={comparison.error.message} /> : null}
      {comparison.isPending && a && b ? (
        <p className="text-sm text-muted-foreground">Comparing…</p>
      ) : null}
      {comparison.data ? <Comparison comparison={comparison.data} /> : null}
    </div>
  );
}

function ComparePicker({ a, b }: { a: string; b: string }) {
  const router = useRouter();
  const [before, setBefore] = useState(a);
  const [after, setAfter] = useState(b);
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const search = new URLSearchParams({ a: before.trim(), b: after.trim() });
        router.push(`/webhooks/compare?${search}`);
      }}
    >
      {(
        [
          ["compare-a", "Before (delivery #)", before, setBefore],
          ["compare-b", "After (delivery #)", after, setAfter],
        ] as const
      ).map(([id, label, value, set]) => (
        <div key={id} className="grid gap-1.5">
          <Label htmlFor={id}>{label}</Label>
          <Input
            id={id}
            inputMode="numeric"
            className="w-32 font-mono"
            value={value}
            onChange={(event) => set(event.target.value)}
            required
          />
        </div>
      ))}
      <Button type="submit" size="sm">
        Compare
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        onClick={() => {
          setBefore(after);
          setAfter(before);
        }}
      >
        Swap
      </Button>
    </form>
  );
}

function Comparison({ comparison }: { comparison: DeliveryComparison }) {
  return (
    <>
      <section aria-labelledby="compare-verdicts" className="grid gap-3">
        <h2 id="compare-verdicts" className="text-sm font-semibold">
          Verdicts
        </h2>
        {/* Side by side, each card's rows share the grid's rows (subgrid): "Answer" of Before and of After
            sit on one line however long a diagnosis is. Six rows: the card's title and five fields. */}
        <div className="grid gap-3 md:grid-cols-2 md:grid-rows-[repeat(6,auto)] md:gap-y-1.5">
          <SideCard label="Before" side={comparison.a} />
          <SideCard label="After" side={comparison.b} />
        </div>
      </section>
      <section aria-labelledby="compare-body" className="grid gap-3">
        <h2 id="compare-body" className="text-sm font-semibold">
          Body
        </h2>
        <BodyChanges body={comparison.body} />
      </section>
      <section aria-labelledby="compare-headers" className="grid gap-3">
        <h2 id="compare-headers" className="text-sm font-semibold">
          Headers
        </h2>
        {comparison.headers.changes.length === 0 ? (
          <p className="text-sm text-muted-foreground">The same headers.</p>
        ) : (
          <ChangeTable
            keyLabel="Header"
            rows={comparison.headers.changes.map((change) => ({
              key: change.name,
              kind: change.kind,
              label: change.name,
              before: change.before,
              after: change.after,
            }))}
          />
        )}
        {comparison.headers.same > 0 ? (
          <p className="text-xs text-muted-foreground">
            {comparison.headers.same} header{comparison.headers.same === 1 ? "" : "s"} the same.
          </p>
        ) : null}
      </section>
    </>
  );
}

function SideCard({ label, side }: { label: string; side: DeliveryComparison["a"] }) {
  return (
    <div
      className="grid gap-2 rounded-lg border p-4 text-sm md:row-span-6 md:grid-rows-subgrid md:gap-y-1.5"
      data-side={label.toLowerCase()}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
          {label}
        </span>
        <Link
          href={`/webhooks?delivery=${side.id}`}
          className="font-mono font-medium underline-offset-4 hover:underline"
        >
          #{side.id}
        </Link>
        <span className="truncate font-mono text-xs">{side.event ?? "(no event)"}</span>
      </div>
      <dl className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-1.5 text-xs md:row-span-5 md:grid-rows-subgrid">
        <dt className="text-muted-foreground">Received</dt>
        <dd className="font-mono">{side.receivedAt.replace("T", " ").replace("Z", " UTC")}</dd>
        <dt className="text-muted-foreground">Body</dt>
        <dd>
          {formatBytes(side.size)} · {side.contentType ?? "no content type"}
        </dd>
        <dt className="text-muted-foreground">Verification</dt>
        <dd>
          <VerificationBadge result={side.verification.result} />
        </dd>
        <dt className="text-muted-foreground">Diagnosis</dt>
        <dd>{side.diagnosis.sentence}</dd>
        <dt className="text-muted-foreground">Answer</dt>
        <dd className="font-mono">
          {side.answer.status}
          {side.answer.scripted ? " (scripted)" : ""}
        </dd>
      </dl>
    </div>
  );
}

const KIND_BADGE = {
  added: "success",
  removed: "destructive",
  changed: "warning",
} as const;

type Row = {
  key: string;
  kind: "added" | "removed" | "changed";
  label: string;
  before: string | null;
  after: string | null;
};

/** What changed, one row each; `keyLabel` names the first column (a body's JSON path, a header's name). */
function ChangeTable({ keyLabel, rows }: { keyLabel: string; rows: Row[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-xs">
        <thead className="bg-muted/50 text-left text-muted-foreground">
          <tr>
            <th className="px-3 py-2 font-medium">{keyLabel}</th>
            <th className="px-3 py-2 font-medium">Change</th>
            <th className="px-3 py-2 font-medium">Before</th>
            <th className="px-3 py-2 font-medium">After</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={`${row.kind}:${row.key}`}
              className="border-t align-top"
              data-change={row.kind}
            >
              <td className="px-3 py-2 font-mono break-all">{row.label}</td>
              <td className="px-3 py-2">
                <Badge variant={KIND_BADGE[row.kind]}>{row.kind}</Badge>
              </td>
              <td className="px-3 py-2 font-mono break-all whitespace-pre-wrap text-muted-foreground">
                {row.before ?? "—"}
              </td>
              <td className="px-3 py-2 font-mono break-all whitespace-pre-wrap">
                {row.after ?? "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function BodyChanges({ body }: { body: DeliveryComparison["body"] }) {
  if (body.kind === "json") {
    return (
      <>
        {body.changes.length === 0 ? (
          <p className="text-sm text-muted-foreground">The same JSON (key order aside).</p>
        ) : (
          <ChangeTable
            keyLabel="Path"
            rows={body.changes.map((change) => ({
              key: change.path,
              kind: change.kind,
              label: change.path,
              before: "before" in change ? change.before : null,
              after: "after" in change ? change.after : null,
            }))}
          />
        )}
        {body.capped ? (
          <p className="text-xs text-muted-foreground">
            The first {MAX_ROWS.toLocaleString("en")} changes are shown.
          </p>
        ) : null}
      </>
    );
  }
  const which = body.notJson.map((side) => (side === "a" ? "before" : "after")).join(" and ");
  return (
    <>
      <p className="text-sm text-muted-foreground" data-testid="not-json">
        Not JSON ({which}): compared line by line.
        {body.identical ? " The bytes are identical." : ""}
      </p>
      {body.binary.length > 0 ? (
        <p className="text-sm text-muted-foreground">
          Binary ({body.binary.map((side) => (side === "a" ? "before" : "after")).join(" and ")}
          ): the bytes are {body.identical ? "the same" : "different"} (SHA-256).
        </p>
      ) : body.lines === null ? (
        <p className="text-sm text-muted-foreground">Too different to list line by line.</p>
      ) : (
        <pre className="max-h-[60dvh] overflow-auto rounded-lg border bg-muted/30 p-3 font-mono text-xs">
          {body.lines.map((line, index) => (
            <div
              key={index}
              className={cn(
                "whitespace-pre-wrap break-all",
                line.kind === "added" && "bg-success/10 text-success",
                line.kind === "removed" && "bg-destructive/10 text-destructive",
              )}
            >
              {line.kind === "added" ? "+ " : line.kind === "removed" ? "- " : "  "}
              {line.text}
            </div>
          ))}
        </pre>
      )}
      {body.capped ? (
        <p className="text-xs text-muted-foreground">Cut short: the bodies are long.</p>
      ) : null}
    </>
  );
}
