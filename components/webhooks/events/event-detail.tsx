"use client";

import { DownloadIcon } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { UserText } from "@/components/ui/user-text";
import type { EventShape } from "@/lib/webhooks/shared/event-shapes/describe";
import { jsonSchemaText, toTypeScript } from "@/lib/webhooks/shared/event-shapes/export";
import { SHAPE_LIMITS } from "@/lib/webhooks/shared/event-shapes/observe";
import { isWebhookEvent } from "@/lib/webhooks/shared/events";
import type { ShapeFormat } from "@/lib/webhooks/browser/use-insight-view";
import { TextBlock } from "../text-block";
import { FieldTable } from "./field-table";
import { downloadText } from "@/lib/ui/download";
import { formatCount, plural } from "@/lib/ui/format";
import { Moment } from "@/components/ui/moment";

function SpecBadge({ shape }: { shape: EventShape }) {
  if (shape.documented) return <Badge variant="info">payload documented in the spec</Badge>;
  if (isWebhookEvent(shape.event)) return <Badge variant="muted">payload not documented</Badge>;
  return <Badge variant="warning">not one of the spec&apos;s events</Badge>;
}

function ExportPane({
  text,
  label,
  filename,
  type,
}: {
  text: string;
  label: string;
  filename: string;
  type: string;
}) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-2">
        <CopyButton value={text} label={label} variant="outline" size="sm">
          Copy
        </CopyButton>
        <Button variant="outline" size="sm" onClick={() => downloadText(filename, text, type)}>
          <DownloadIcon aria-hidden="true" />
          Download {filename}
        </Button>
      </div>
      <TextBlock text={text} label={label} />
    </div>
  );
}

/** One event: what it is, how often and when it came, its fields, and the shape as JSON Schema or TS. */
export function EventDetail({
  shape,
  format,
  onFormat,
}: {
  shape: EventShape;
  format: ShapeFormat;
  onFormat: (format: ShapeFormat) => void;
}) {
  // The event's name as a file name: the sender's text, so only safe characters are kept.
  const base = shape.event.replace(/[^A-Za-z0-9._-]+/g, "-").slice(0, 60) || "event";
  // Only the tab in view is rendered; the others' text is made when it is opened.
  const schema = format === "json-schema" ? jsonSchemaText(shape) : "";
  const typescript = format === "typescript" ? toTypeScript(shape) : "";
  return (
    <section aria-labelledby="event-title" className="flex min-w-0 flex-col gap-4">
      <header className="flex flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="event-title" className="min-w-0 font-mono text-base font-semibold">
            <UserText value={shape.event} />
          </h2>
          <SpecBadge shape={shape} />
        </div>
        <p className="text-[13px] text-muted-foreground">
          {plural(shape.deliveries, "delivery", "deliveries")} · first{" "}
          <Moment value={shape.firstSeen} /> · last <Moment value={shape.lastSeen} />
        </p>
      </header>
      {shape.truncatedDeliveries > 0 || shape.droppedFields > 0 ? (
        <Alert variant="warning">
          <AlertDescription>
            {shape.truncatedDeliveries > 0
              ? `${plural(shape.truncatedDeliveries, "delivery was", "deliveries were")} larger than the walk looks at (${SHAPE_LIMITS.maxNodes} values, ${SHAPE_LIMITS.maxDepth} levels, the first ${SHAPE_LIMITS.maxArrayItems} elements of an array); the rest of ${shape.truncatedDeliveries === 1 ? "it" : "them"} is not counted. `
              : ""}
            {shape.droppedFields > 0
              ? `This event reached ${SHAPE_LIMITS.maxFieldsPerEvent} field types; ${formatCount(shape.droppedFields)} later ones were not kept.`
              : ""}
          </AlertDescription>
        </Alert>
      ) : null}
      <Tabs value={format} onValueChange={(value) => onFormat(value as ShapeFormat)}>
        <TabsList aria-label="Show the shape as">
          <TabsTrigger value="fields">Fields</TabsTrigger>
          <TabsTrigger value="json-schema">JSON Schema</TabsTrigger>
          <TabsTrigger value="typescript">TypeScript</TabsTrigger>
        </TabsList>
        <TabsContent value="fields" className="rounded-lg border bg-card">
          <FieldTable shape={shape} />
        </TabsContent>
        <TabsContent value="json-schema">
          <ExportPane
            text={schema}
            label="JSON Schema"
            filename={`${base}.schema.json`}
            type="application/schema+json"
          />
        </TabsContent>
        <TabsContent value="typescript">
          <ExportPane
            text={typescript}
            label="TypeScript type"
            filename={`${base}.ts`}
            type="text/plain"
          />
        </TabsContent>
      </Tabs>
    </section>
  );
}
