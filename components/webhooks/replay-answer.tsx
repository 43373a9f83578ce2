"use client";

import { Badge } from "@/components/ui/badge";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { UserText } from "@/components/ui/user-text";
import type { ReplayResult } from "@/lib/webhooks/browser/console-client";
import { formatBytes } from "@/lib/webhooks/shared/format";
import { TextBlock } from "./text-block";
import { formatCount } from "@/lib/ui/format";

function statusVariant(status: number) {
  if (status < 300) return "success" as const;
  if (status < 400) return "info" as const;
  if (status < 500) return "warning" as const;
  return "destructive" as const;
}

const EXEMPTIONS = {
  "own-receiver": "this console's receiver",
  "allow-flag": "private targets allowed by ALLOW_PRIVATE_REPLAY_TARGETS",
} as const;

/** What a replay got back: status, time, redirect target, and the answer's headers and first 64 KiB. */
export function ReplayAnswer({ result }: { result: ReplayResult }) {
  const { answer } = result;
  return (
    <section aria-label="Replay answer" className="flex flex-col gap-3 border-t pt-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-[13px]">
        {answer ? (
          <Badge variant={statusVariant(answer.status)} className="font-mono">
            {answer.status} <UserText value={answer.statusText} fallback="" />
          </Badge>
        ) : (
          <Badge variant="destructive">No answer</Badge>
        )}
        <span className="text-muted-foreground tabular-nums">{formatCount(result.ms)} ms</span>
        <span className="min-w-0 break-words text-muted-foreground">
          {result.mode === "exact" ? "exact" : `re-signed ${result.scheme}`} · to{" "}
          <span className="font-mono">{result.address}</span>
          {result.exemption ? ` (${EXEMPTIONS[result.exemption]})` : ""}
        </span>
      </div>
      {result.error ? (
        <p role="alert" className="text-[13px] text-destructive">
          {result.error}
        </p>
      ) : null}
      {answer?.location ? (
        <p className="text-[13px]">
          Redirect not followed. Location:{" "}
          <span className="font-mono break-all">
            <UserText value={answer.location} />
          </span>
        </p>
      ) : null}
      <Tabs defaultValue={answer ? "body" : "sent"}>
        <TabsList className="h-auto flex-wrap justify-start">
          {answer ? <TabsTrigger value="body">Body</TabsTrigger> : null}
          {answer ? (
            <TabsTrigger value="headers">Headers ({answer.headers.length})</TabsTrigger>
          ) : null}
          <TabsTrigger value="sent">Sent ({result.sent.headers.length})</TabsTrigger>
        </TabsList>
        {answer ? (
          <TabsContent value="body" className="flex flex-col gap-2">
            <p className="text-xs text-muted-foreground">
              {answer.body.size === 0
                ? "Empty body."
                : `${answer.body.truncated ? "First " : ""}${formatBytes(answer.body.size)}${
                    answer.body.truncated ? " (the rest was not read)" : ""
                  }${answer.body.utf8 ? "" : " · not UTF-8: other bytes show as �"}`}
            </p>
            {answer.body.size > 0 ? (
              <TextBlock text={answer.body.text} label="Answer body" />
            ) : null}
          </TabsContent>
        ) : null}
        {answer ? (
          <TabsContent value="headers">
            <HeaderTable headers={answer.headers} caption="Answer headers" />
          </TabsContent>
        ) : null}
        <TabsContent value="sent" className="flex flex-col gap-2">
          <p className="text-xs text-muted-foreground">
            {formatBytes(result.sent.bodySize)} body, with these headers (Host and Content-Length
            are the new request&apos;s own).
            {result.sent.redactedLeftOut.length > 0
              ? ` Left out, redacted when stored: ${result.sent.redactedLeftOut.join(", ")}.`
              : ""}
          </p>
          <HeaderTable headers={result.sent.headers} caption="Headers sent" />
        </TabsContent>
      </Tabs>
    </section>
  );
}

function HeaderTable({ headers, caption }: { headers: [string, string][]; caption: string }) {
  return (
    <div className="max-h-72 overflow-auto rounded-md border">
      <table className="w-full text-xs">
        <caption className="sr-only">{caption}</caption>
        <tbody className="font-mono">
          {headers.map(([name, value], index) => (
            <tr key={index} className="border-t align-top first:border-t-0">
              <th
                scope="row"
                className="px-3 py-1.5 text-left font-normal whitespace-nowrap text-muted-foreground"
              >
                <UserText value={name} />
              </th>
              <td className="px-3 py-1.5 break-all">
                <UserText value={value} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
