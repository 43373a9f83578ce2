/**
 * Status labels. The spec names `active` and leaves the on-hold string unknown; the spellings below are the
 * ones a person would read as "on hold". Any other value is information for the member and is shown exactly
 * as it arrives, never renamed or dropped.
 */
const LABELS: Record<string, string> = {
  active: "Active",
  on_hold: "On hold",
  "on-hold": "On hold",
  onhold: "On hold",
  "on hold": "On hold",
};

export function statusLabel(status: string): string {
  if (status === "") return "(empty)";
  return LABELS[status.toLowerCase()] ?? status;
}

export type StatusTone = "active" | "paused" | "other";

export function statusTone(status: string): StatusTone {
  const label = statusLabel(status);
  if (label === "Active") return "active";
  if (label === "On hold" || /hold|pause/i.test(status)) return "paused";
  return "other";
}
