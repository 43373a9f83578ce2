import { formatDate } from "@/lib/projects/format";

/** A readable date; the exact instant is machine-readable (`dateTime`) and shown on hover (`title`). */
export function DateCell({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={iso}>
      {formatDate(iso)}
    </time>
  );
}
