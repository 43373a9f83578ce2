import { Badge } from "@/components/ui/badge";
import { UserText } from "@/components/ui/user-text";
import { statusLabel, statusTone } from "@/lib/projects/status";

const VARIANT = { active: "success", paused: "warning", other: "muted" } as const;

/** "Active", "On hold"; any other value from the service verbatim (it is information, never hidden). */
export function StatusBadge({ status }: { status: string }) {
  const label = statusLabel(status);
  return (
    <Badge variant={VARIANT[statusTone(status)]} className="max-w-full" title={status}>
      {label === status ? <UserText value={status} truncate /> : label}
    </Badge>
  );
}
