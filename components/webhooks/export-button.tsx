"use client";

import { DownloadIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { consoleApi } from "@/lib/webhooks/browser/console-client";
import { listParams, type InspectorView } from "@/lib/webhooks/browser/use-inspector-view";

/**
 * Downloads the deliveries the toolbar's filters select as NDJSON. A plain link: the browser streams the
 * answer to a file as the server reads it page by page. A relative range is resolved on click.
 */
export function ExportButton({ view, disabled }: { view: InspectorView; disabled: boolean }) {
  return (
    <Button variant="outline" size="sm" asChild aria-disabled={disabled || undefined}>
      <a
        href={consoleApi.exportUrl(listParams(view))}
        download
        title="Download the matching deliveries as NDJSON (one JSON object per line)"
        onClick={(event) => {
          if (disabled) event.preventDefault();
          else event.currentTarget.href = consoleApi.exportUrl(listParams(view));
        }}
      >
        <DownloadIcon />
        Export
      </a>
    </Button>
  );
}
