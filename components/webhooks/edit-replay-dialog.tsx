"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { PencilIcon, PlusIcon, XIcon } from "lucide-react";
import Link from "next/link";
import { useId, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { FormError } from "@/components/ui/form-error";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { cn } from "@/lib/utils";
import { listenQueries } from "@/lib/listen/queries";
import { consoleApi, type DeliveryDetail } from "@/lib/webhooks/browser/console-client";
import { inspectorQueries } from "@/lib/webhooks/browser/inspector-queries";
import { prettyJson } from "@/lib/webhooks/shared/format";
import { forwardedHeaders } from "@/lib/webhooks/shared/replay/forwarded-headers";
import {
  jsonProblem,
  replayEditSchema,
  type ReplayInput,
} from "@/lib/webhooks/shared/replay/replay-schema";
import { receiverUrl } from "./receiver-url";
import { compareHref } from "./compare-picking";
import { ReplayAnswer } from "./replay-answer";

type Format = "json" | "text";
type Target = "receiver" | "listener" | "url";
type Signature = "keep" | "resign";

/**
 * The body as the editor starts it: the stored text exactly (an unedited send keeps its signature valid;
 * **Format** pretty-prints on demand), as JSON when it parses; a body that is not text starts empty.
 */
function initialBody(delivery: DeliveryDetail): { format: Format; text: string } {
  if (delivery.body.encoding !== "utf8") return { format: "text", text: "" };
  const text = delivery.body.content;
  return { format: jsonProblem(text) === null ? "json" : "text", text };
}

/** The first problem of the header list, as the server would word it. */
function headerProblem(headers: [string, string][]): string | null {
  const parsed = replayEditSchema.shape.headers.safeParse(headers);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "invalid headers");
}

/**
 * "Edit and replay": the delivery's body (JSON checked as typed, or raw text) and headers edited, then sent
 * once through the one replay route, with the original signature kept (to see a handler refuse a changed
 * body) or re-signed with the endpoint's secret in the delivery's scheme. Targets: this console's receiver,
 * a connected listener (the delivery is stored at the endpoint it listens to, and it forwards it), or a
 * public URL (the address guard applies).
 */
export function EditReplayDialog({ delivery }: { delivery: DeliveryDetail }) {
  const id = useId();
  const queryClient = useQueryClient();
  const start = useMemo(() => initialBody(delivery), [delivery]);
  const [format, setFormat] = useState<Format>(start.format);
  const [text, setText] = useState(start.text);
  const [headers, setHeaders] = useState<[string, string][]>(
    () => forwardedHeaders(delivery.headers).headers,
  );
  const [signature, setSignature] = useState<Signature>("keep");
  const [target, setTarget] = useState<Target>("receiver");
  const [url, setUrl] = useState("");
  const [listenerId, setListenerId] = useState<string | null>(null);
  const listeners = useQuery({ ...listenQueries.listeners(), enabled: target === "listener" });
  const connected = (listeners.data ?? []).filter((listener) => listener.connected);
  const listener = connected.find((l) => String(l.id) === listenerId) ?? connected[0];

  const bodyProblem = format === "json" ? jsonProblem(text) : null;
  const headersProblem = headerProblem(headers);
  const targetUrl =
    target === "url"
      ? url.trim()
      : target === "listener" && listener && listener.endpointIds.length > 0
        ? receiverUrl(
            listener.endpointIds.includes(delivery.endpointId)
              ? delivery.endpointId
              : listener.endpointIds[0],
          )
        : receiverUrl(delivery.endpointId);

  const replay = useMutation({
    mutationFn: (input: ReplayInput) => consoleApi.replay(delivery.id, input),
    onSuccess: (result) => {
      if (result.storedAs) {
        void queryClient.invalidateQueries({
          queryKey: inspectorQueries.delivery(delivery.id).queryKey,
        });
      }
    },
  });
  const submit = () => {
    replay.mutate({
      url: targetUrl,
      mode: signature === "keep" ? "exact" : "resign",
      ...(signature === "resign" ? { secret: { kind: "endpoint" as const } } : {}),
      edit: { body: { format, text }, headers },
    });
  };
  const blocked =
    Boolean(bodyProblem || headersProblem) || !targetUrl || (target === "listener" && !listener);

  return (
    <Dialog onOpenChange={(open) => open || replay.reset()}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <PencilIcon />
          Edit and replay
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] grid-cols-1 overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Edit and replay #{delivery.id}</DialogTitle>
          <DialogDescription>
            Change the body and headers, then send it once. Keep the original signature to check
            that a handler refuses a changed body; re-sign to send a valid one.
          </DialogDescription>
        </DialogHeader>
        <form
          className="flex min-w-0 flex-col gap-5"
          onSubmit={(event) => {
            event.preventDefault();
            if (!blocked) submit();
          }}
        >
          <div className="grid min-w-0 gap-1.5">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Label htmlFor={`${id}-body`}>Body</Label>
              <div className="flex items-center gap-1">
                <SegmentedControl
                  aria-label="Body format"
                  value={format}
                  options={[
                    ["json", "JSON"],
                    ["text", "Raw text"],
                  ]}
                  onChange={setFormat}
                />
                {format === "json" && !bodyProblem ? (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="h-7"
                    onClick={() => setText(prettyJson(JSON.parse(text)).text)}
                  >
                    Format
                  </Button>
                ) : null}
              </div>
            </div>
            <textarea
              id={`${id}-body`}
              value={text}
              onChange={(event) => setText(event.target.value)}
              spellCheck={false}
              autoComplete="off"
              rows={12}
              aria-invalid={bodyProblem ? true : undefined}
              aria-describedby={`${id}-body-note`}
              className={cn(
                "min-h-40 w-full min-w-0 resize-y rounded-md border bg-transparent px-3 py-2 font-mono text-xs shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30",
                bodyProblem && "border-destructive ring-destructive/20",
              )}
            />
            <p
              id={`${id}-body-note`}
              className={cn("text-xs", bodyProblem ? "text-destructive" : "text-muted-foreground")}
            >
              {bodyProblem
                ? `The body ${bodyProblem}`
                : format === "json"
                  ? "Valid JSON: sent exactly as typed (formatting included)."
                  : delivery.body.encoding === "utf8"
                    ? "Sent exactly as typed, UTF-8."
                    : "The stored body is not text: type the body to send."}
            </p>
          </div>

          <fieldset className="grid min-w-0 gap-2">
            <legend className="mb-1.5 text-sm font-medium">Headers</legend>
            {headers.map(([name, value], index) => (
              <div key={index} className="flex min-w-0 items-center gap-2">
                <Input
                  aria-label={`Header ${index + 1} name`}
                  value={name}
                  onChange={(event) =>
                    setHeaders(
                      headers.map((h, i) => (i === index ? [event.target.value, h[1]] : h)),
                    )
                  }
                  className="h-8 w-2/5 font-mono text-xs"
                  spellCheck={false}
                  autoComplete="off"
                />
                <Input
                  aria-label={`Header ${index + 1} value`}
                  value={value}
                  onChange={(event) =>
                    setHeaders(
                      headers.map((h, i) => (i === index ? [h[0], event.target.value] : h)),
                    )
                  }
                  className="h-8 min-w-0 flex-1 font-mono text-xs"
                  spellCheck={false}
                  autoComplete="off"
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Remove header ${name || index + 1}`}
                  onClick={() => setHeaders(headers.filter((_, i) => i !== index))}
                >
                  <XIcon />
                </Button>
              </div>
            ))}
            <div className="flex flex-wrap items-center gap-3">
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="h-7"
                onClick={() => setHeaders([...headers, ["", ""]])}
              >
                <PlusIcon />
                Add header
              </Button>
              <span
                className={cn(
                  "text-xs",
                  headersProblem ? "text-destructive" : "text-muted-foreground",
                )}
              >
                {headersProblem ??
                  "Host, Content-Length and hop-by-hop headers are the connection's own."}
              </span>
            </div>
          </fieldset>

          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid content-start gap-1.5">
              <span className="text-sm font-medium">Signature</span>
              <SegmentedControl
                aria-label="Signature"
                value={signature}
                options={[
                  ["keep", "Keep original"],
                  ["resign", "Re-sign"],
                ]}
                onChange={setSignature}
              />
              <p className="text-xs text-muted-foreground">
                {signature === "keep"
                  ? "The signature headers above go as they are: a changed body will not verify."
                  : "Signed on the server with this endpoint’s secret, in the scheme it arrived with."}
              </p>
            </div>
            <div className="grid min-w-0 content-start gap-1.5">
              <Label htmlFor={`${id}-target`}>Send to</Label>
              <Select value={target} onValueChange={(value) => setTarget(value as Target)}>
                <SelectTrigger id={`${id}-target`} size="sm" className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="receiver">This console’s receiver</SelectItem>
                  <SelectItem value="listener">A connected listener</SelectItem>
                  <SelectItem value="url">A public URL</SelectItem>
                </SelectContent>
              </Select>
              {target === "url" ? (
                <Input
                  type="url"
                  aria-label="Target URL"
                  placeholder="https://handler.example.com/webhooks"
                  value={url}
                  onChange={(event) => setUrl(event.target.value)}
                  className="font-mono text-xs"
                  spellCheck={false}
                  autoComplete="off"
                  required
                />
              ) : target === "listener" ? (
                connected.length > 0 ? (
                  <Select value={listener ? String(listener.id) : ""} onValueChange={setListenerId}>
                    <SelectTrigger aria-label="Listener" size="sm" className="w-full">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {connected.map((l) => (
                        <SelectItem key={l.id} value={String(l.id)}>
                          {l.memberName ?? l.memberEmail}
                          {l.tokenName ? ` · ${l.tokenName}` : ""}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                ) : (
                  <p className="text-xs text-muted-foreground">
                    {listeners.isPending
                      ? "Looking for listeners…"
                      : "No listener is connected: start `project-console listen`."}
                  </p>
                )
              ) : null}
              <p className="truncate font-mono text-xs text-muted-foreground" title={targetUrl}>
                {target === "listener"
                  ? `Stored at ${targetUrl}, which the listener forwards.`
                  : targetUrl}
              </p>
            </div>
          </div>

          <div className="flex items-center gap-3">
            <Button type="submit" size="sm" disabled={replay.isPending || blocked}>
              {replay.isPending ? "Sending…" : "Send edited replay"}
            </Button>
            <span className="text-xs text-muted-foreground">At most 10 a minute.</span>
          </div>
          <FormError message={replay.error?.message} inline />
        </form>
        {replay.data ? (
          <>
            {replay.data.storedAs ? (
              <p className="text-sm" data-testid="stored-as">
                Stored as{" "}
                <Link
                  href={`/webhooks?delivery=${replay.data.storedAs}`}
                  className="font-mono underline underline-offset-4"
                >
                  #{replay.data.storedAs}
                </Link>{" "}
                ·{" "}
                <Link
                  href={compareHref(delivery.id, replay.data.storedAs)}
                  className="underline underline-offset-4"
                >
                  compare with #{delivery.id}
                </Link>
              </p>
            ) : null}
            <ReplayAnswer result={replay.data} />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
