"use client";

import { useMemo, useState } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { DeliveryDetail } from "@/lib/webhooks/browser/console-client";
import { base64ToBytes, formatBytes, hexDump } from "@/lib/webhooks/shared/format";
import { Field, FieldList } from "./field-list";
import { TextBlock } from "./text-block";
import { formatCount } from "@/lib/ui/format";

/** The exact bytes received: as text when they are UTF-8, always available as a hex dump. */
export function RawTab({ delivery }: { delivery: DeliveryDetail }) {
  const isText = delivery.body.encoding === "utf8";
  const [view, setView] = useState<"text" | "hex">(isText ? "text" : "hex");
  const hex = useMemo(
    () =>
      view === "hex"
        ? hexDump(
            isText
              ? new TextEncoder().encode(delivery.body.content)
              : base64ToBytes(delivery.body.content),
          )
        : "",
    [view, isText, delivery.body.content],
  );
  return (
    <div className="flex flex-col gap-4">
      <FieldList>
        <Field name="Size">
          {formatBytes(delivery.size)}{" "}
          <span className="text-muted-foreground">({formatCount(delivery.size)} bytes)</span>
        </Field>
        <Field name="SHA-256">
          <span className="inline-flex max-w-full items-center gap-1">
            <code className="min-w-0 font-mono text-xs break-all">{delivery.sha256}</code>
            <CopyButton value={delivery.sha256} label="SHA-256" />
          </span>
        </Field>
        <Field name="Content-Type">
          <span className="font-mono">{delivery.contentType ?? "none"}</span>
        </Field>
        <Field name="Encoding">
          {isText ? "UTF-8 text" : "Not valid UTF-8: shown as hex, copied as base64"}
        </Field>
      </FieldList>
      <Tabs value={view} onValueChange={(value) => setView(value as "text" | "hex")}>
        <div className="flex items-center justify-between gap-2">
          <TabsList aria-label="How to show the bytes">
            <TabsTrigger value="text" disabled={!isText}>
              Text
            </TabsTrigger>
            <TabsTrigger value="hex">Hex</TabsTrigger>
          </TabsList>
          <CopyButton
            value={delivery.body.content}
            label={isText ? "body" : "body as base64"}
            variant="outline"
            size="sm"
          >
            Copy {isText ? "body" : "base64"}
          </CopyButton>
        </div>
        <TabsContent value="text">
          {!isText ? null : delivery.body.content === "" ? (
            <p className="text-sm text-muted-foreground">The body is empty.</p>
          ) : (
            <TextBlock text={delivery.body.content} label="Raw body" />
          )}
        </TabsContent>
        <TabsContent value="hex">
          <TextBlock text={hex || "(empty)"} label="Raw body as hex" />
        </TabsContent>
      </Tabs>
    </div>
  );
}
