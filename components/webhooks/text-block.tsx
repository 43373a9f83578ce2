"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { formatBytes } from "@/lib/webhooks/shared/format";
import { visibleText } from "@/lib/ui/visible-text";

const FIRST_CHARS = 256 * 1024;

/**
 * A block of received text (a body, pretty JSON, a hex dump): one text node in a <pre>, never markup, with
 * control and bidi characters written as visible markers (line breaks kept), isolated left-to-right. Very
 * long text shows its first 256 KB until asked for the rest.
 */
export function TextBlock({ text, label }: { text: string; label: string }) {
  const [all, setAll] = useState(false);
  const shown = all ? text : text.slice(0, FIRST_CHARS);
  const visible = shown.split("\n").map(visibleText).join("\n");
  return (
    <div className="flex flex-col gap-2">
      <pre
        aria-label={label}
        tabIndex={0}
        dir="ltr"
        className="max-h-[60vh] overflow-auto rounded-md border bg-card p-3 font-mono text-xs leading-5 break-all whitespace-pre-wrap [unicode-bidi:isolate]"
      >
        {visible}
      </pre>
      {shown.length < text.length ? (
        <Button variant="outline" size="sm" className="self-start" onClick={() => setAll(true)}>
          Show the remaining {formatBytes(text.length - shown.length)}
        </Button>
      ) : null}
    </div>
  );
}
