import { formatTimeAgo } from "@/lib/ui/format";

/**
 * "3 days ago", with the instant machine-readable in `dateTime`. The exact local date and time shows in the
 * page's one shared tooltip (DateTooltip) on hover and on keyboard focus: a tooltip per cell cost a Radix
 * tree per date in every rendered row, the biggest part of re-rendering the rows on a keystroke.
 */
export function RelativeDate({ iso, now }: { iso: string; now: number }) {
  return (
    <time dateTime={iso} data-exact-date="" className="tabular-nums">
      {formatTimeAgo(iso, now)}
    </time>
  );
}
