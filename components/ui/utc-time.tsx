import { utcMinute } from "@/lib/ui/utc-time";

/** A moment as "2025-11-21 14:09 UTC" in a <time> element, or `fallback` when there is none ("Never"). */
export function UtcTime({
  iso,
  fallback = null,
}: {
  iso: string | null;
  fallback?: string | null;
}) {
  return iso ? <time dateTime={iso}>{utcMinute(iso)}</time> : fallback;
}
