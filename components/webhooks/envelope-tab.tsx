"use client";

import { useMemo } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { UserText } from "@/components/ui/user-text";
import type { DeliveryDetail } from "@/lib/webhooks/browser/console-client";
import { formatBytes, prettyJson } from "@/lib/webhooks/shared/format";
import { formatDuration } from "@/lib/ui/format";
import { JsonTreeView } from "./json-tree-view";
import { TextBlock } from "./text-block";
import { Field, FieldList } from "./field-list";

type Parsed = { ok: true; value: unknown } | { ok: false; reason: string };

function parseBody(body: Pick<DeliveryDetail["body"], "encoding" | "content">): Parsed {
  if (body.encoding !== "utf8") return { ok: false, reason: "The body is not valid UTF-8." };
  // A byte-order mark is not JSON; the Findings tab says it was there, the envelope is read after it.
  const text = body.content.startsWith("\uFEFF") ? body.content.slice(1) : body.content;
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return {
      ok: false,
      reason:
        error instanceof RangeError
          ? "The body is nested too deeply to read as JSON."
          : "The body is not valid JSON.",
    };
  }
}

function own(value: unknown, key: string): unknown {
  return value !== null &&
    typeof value === "object" &&
    !Array.isArray(value) &&
    Object.hasOwn(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/** "received 1.2 s after the envelope's timestamp" (or before: a sender's clock ahead of ours). */
export function skewSentence(timestamp: string, receivedAt: string): string | null {
  const sent = Date.parse(timestamp);
  if (Number.isNaN(sent)) return null;
  const skew = Date.parse(receivedAt) - sent;
  if (Math.abs(skew) < 1_000) return "received within a second of its timestamp";
  return skew > 0
    ? `received ${formatDuration(skew)} after its timestamp`
    : `received ${formatDuration(-skew)} before its timestamp (the sender's clock is ahead)`;
}

export function EnvelopeTab({ delivery }: { delivery: DeliveryDetail }) {
  const decoded = delivery.decodedBody;
  const parsed = useMemo(() => parseBody(decoded ?? delivery.body), [decoded, delivery.body]);
  if (!parsed.ok) {
    return (
      <p className="text-sm text-muted-foreground">
        {parsed.reason} There is no envelope to show; the Raw tab has the exact bytes.
      </p>
    );
  }
  const event = own(parsed.value, "event");
  const timestamp = own(parsed.value, "timestamp");
  const data = own(parsed.value, "data");
  const skew = typeof timestamp === "string" ? skewSentence(timestamp, delivery.receivedAt) : null;
  const tree = data === undefined ? parsed.value : data;
  return (
    <div className="flex flex-col gap-4">
      {decoded ? (
        <p className="text-xs text-muted-foreground" data-testid="decoded-body-note">
          Sent gzip-compressed: {formatBytes(delivery.size)} as sent, {formatBytes(decoded.size)}{" "}
          decoded. Shown decoded; the Raw tab has the bytes as sent.
        </p>
      ) : null}
      <FieldList>
        <Field name="Event">
          {typeof event === "string" ? <UserText value={event} /> : <Missing what="event" />}
        </Field>
        <Field name="Timestamp">
          {typeof timestamp === "string" ? (
            <span className="font-mono">
              <UserText value={timestamp} />
            </span>
          ) : (
            <Missing what="timestamp" />
          )}
        </Field>
        <Field name="Received">
          <span className="font-mono">{delivery.receivedAt}</span>
          {skew ? <span className="block text-muted-foreground">{skew}</span> : null}
        </Field>
      </FieldList>
      <Tabs defaultValue="tree">
        <div className="flex items-center justify-between gap-2">
          <h3 className="text-sm font-medium">{data === undefined ? "Body" : "data"}</h3>
          <TabsList aria-label="How to show the data">
            <TabsTrigger value="tree">Tree</TabsTrigger>
            <TabsTrigger value="pretty">Pretty JSON</TabsTrigger>
          </TabsList>
        </div>
        <TabsContent value="tree">
          <JsonTreeView value={tree} label="Envelope data" />
        </TabsContent>
        <TabsContent value="pretty">
          <PrettyJson value={tree} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function PrettyJson({ value }: { value: unknown }) {
  const pretty = useMemo(() => prettyJson(value), [value]);
  return <TextBlock text={pretty.text} label="Data as pretty JSON" />;
}

function Missing({ what }: { what: string }) {
  return <span className="text-muted-foreground italic">no {what} in the body</span>;
}
