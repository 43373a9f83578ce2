"use client";

import { Download } from "lucide-react";
import { toast } from "@/lib/ui/toast";
import { Button } from "@/components/ui/button";
import { DeferredDropdownMenu } from "@/components/ui/deferred-dropdown-menu";
import { exportFileName, projectsToCsv, projectsToJson } from "@/lib/projects/export";
import type { Project } from "@/lib/projects/schema";
import type { ProjectColumnId } from "@/lib/projects/columns";
import { downloadText } from "@/lib/ui/download";
import { formatCount, plural } from "@/lib/ui/format";

/** CSV or JSON of exactly what is on screen: the filtered, sorted rows and the visible columns in order. */
export function ExportMenu({ rows, columns }: { rows: Project[]; columns: ProjectColumnId[] }) {
  const exportAs = (format: "csv" | "json") => {
    const name = exportFileName(format, new Date());
    if (format === "csv")
      downloadText(name, projectsToCsv(rows, columns), "text/csv;charset=utf-8");
    else downloadText(name, projectsToJson(rows, columns), "application/json");
    toast.success(`Exported ${plural(rows.length, "project")}`, { description: name });
  };
  // Its menu's code comes when the page is idle, not with the list's (DeferredDropdownMenu).
  return (
    <DeferredDropdownMenu
      trigger={
        <Button variant="outline" size="sm" disabled={rows.length === 0}>
          <Download />
          <span className="sr-only sm:not-sr-only">Export</span>
        </Button>
      }
      content={(ui) => (
        <ui.DropdownMenuContent align="end">
          <ui.DropdownMenuLabel className="text-xs font-normal text-muted-foreground">
            {formatCount(rows.length)} rows · {columns.length} columns
          </ui.DropdownMenuLabel>
          <ui.DropdownMenuSeparator />
          <ui.DropdownMenuItem onSelect={() => exportAs("csv")}>
            CSV (spreadsheets)
          </ui.DropdownMenuItem>
          <ui.DropdownMenuItem onSelect={() => exportAs("json")}>JSON</ui.DropdownMenuItem>
        </ui.DropdownMenuContent>
      )}
    />
  );
}
