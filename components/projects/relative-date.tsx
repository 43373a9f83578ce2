import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { formatDateTime, formatRelativeTime } from "@/lib/projects/format";

/**
 * "3 days ago", with the exact local date and time in a tooltip (on hover and on keyboard focus of the row's
 * cell) and the instant machine-readable in `dateTime`.
 */
export function RelativeDate({ iso, now }: { iso: string; now: number }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <time dateTime={iso} className="tabular-nums">
          {formatRelativeTime(iso, now)}
        </time>
      </TooltipTrigger>
      <TooltipContent>{formatDateTime(iso)}</TooltipContent>
    </Tooltip>
  );
}
