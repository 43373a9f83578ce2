/**
 * The service's status string, shown exactly as it arrives: the spec names `active` but not the on-hold value,
 * and an unexpected value is information for the member, not something to hide or rename.
 */
function tone(status: string): string {
  if (status === "active") {
    return "bg-emerald-50 text-emerald-800 ring-emerald-600/30 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-400/30";
  }
  if (/hold|pause/i.test(status)) {
    return "bg-amber-50 text-amber-900 ring-amber-600/30 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-400/30";
  }
  return "bg-zinc-100 text-zinc-800 ring-zinc-500/30 dark:bg-zinc-800 dark:text-zinc-200 dark:ring-zinc-400/30";
}

export function statusLabel(status: string): string {
  return status === "" ? "(empty)" : status;
}

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex max-w-full items-center truncate rounded-full px-2 py-0.5 font-mono text-xs ring-1 ring-inset ${tone(status)}`}
    >
      {statusLabel(status)}
    </span>
  );
}
