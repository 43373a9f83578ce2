"use client";

import { ArrowDown, ArrowUp, Settings2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { DeferredPopover } from "@/components/ui/deferred-popover";
import { Separator } from "@/components/ui/separator";
import { moveColumn, toggleColumn, type Density } from "@/lib/projects/column-prefs";
import {
  DEFAULT_VISIBLE_COLUMNS,
  PROJECT_COLUMN_IDS,
  PROJECT_COLUMNS,
  type ProjectColumnId,
} from "@/lib/projects/columns";

/**
 * Which columns show, in what order, and how dense the rows are. Columns are kept in the URL (a shared link
 * shows the same columns) and remembered by this browser; density by this browser only.
 */
export function ViewOptions({
  columns,
  onColumnsChange,
  density,
  onDensityChange,
}: {
  columns: ProjectColumnId[];
  onColumnsChange: (columns: ProjectColumnId[]) => void;
  density: Density;
  onDensityChange: (density: Density) => void;
}) {
  const hidden = PROJECT_COLUMN_IDS.filter((id) => !columns.includes(id));
  return (
    <DeferredPopover
      trigger={
        <Button variant="outline" size="sm">
          <Settings2 />
          View
        </Button>
      }
      content={(ui) => (
        <ui.PopoverContent align="end" className="w-64 p-0" aria-label="View options">
          <div role="group" aria-label="Columns" className="p-2">
            <p className="px-1 pb-1.5 text-xs font-medium text-muted-foreground">Columns</p>
            <ul className="flex flex-col">
              {[...columns, ...hidden].map((id) => {
                const shown = columns.includes(id);
                const place = columns.indexOf(id);
                const label = PROJECT_COLUMNS[id].header;
                return (
                  <li
                    key={id}
                    className="flex h-8 items-center gap-2 rounded-sm px-1 hover:bg-accent/50"
                  >
                    <Checkbox
                      id={`column-${id}`}
                      checked={shown}
                      disabled={shown && columns.length === 1}
                      onCheckedChange={(checked) =>
                        onColumnsChange(toggleColumn(columns, id, checked === true))
                      }
                    />
                    <Label htmlFor={`column-${id}`} className="flex-1 font-normal">
                      {label}
                    </Label>
                    {shown ? (
                      <span className="flex">
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          disabled={place === 0}
                          aria-label={`Move ${label} left`}
                          onClick={() => onColumnsChange(moveColumn(columns, id, -1))}
                        >
                          <ArrowUp />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          disabled={place === columns.length - 1}
                          aria-label={`Move ${label} right`}
                          onClick={() => onColumnsChange(moveColumn(columns, id, 1))}
                        >
                          <ArrowDown />
                        </Button>
                      </span>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </div>
          <Separator />
          <div role="group" aria-label="Density" className="flex items-center gap-1 p-2">
            <span className="flex-1 px-1 text-xs font-medium text-muted-foreground">Density</span>
            {(["comfortable", "compact"] as const).map((d) => (
              <Button
                key={d}
                variant={density === d ? "secondary" : "ghost"}
                size="sm"
                aria-pressed={density === d}
                onClick={() => onDensityChange(d)}
              >
                {d === "comfortable" ? "Comfortable" : "Compact"}
              </Button>
            ))}
          </div>
          <Separator />
          <div className="p-2">
            <Button
              variant="ghost"
              size="sm"
              className="w-full"
              onClick={() => onColumnsChange([...DEFAULT_VISIBLE_COLUMNS])}
            >
              Reset columns
            </Button>
          </div>
        </ui.PopoverContent>
      )}
    />
  );
}
