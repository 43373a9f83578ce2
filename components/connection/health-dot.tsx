import type { Health } from "@/lib/connection/schema";
import { cn } from "@/lib/utils";

const TONE: Record<Health, string> = {
  healthy: "bg-success",
  stale: "bg-warning",
  failing: "bg-destructive",
  unknown: "bg-muted-foreground/50",
};

export const HEALTH_WORDS: Record<Health, string> = {
  healthy: "Healthy",
  stale: "Stale",
  failing: "Failing",
  unknown: "Not called yet",
};

/** The connection's health as a coloured dot; the words go beside it or in its label, never colour alone. */
export function HealthDot({ health, className }: { health: Health; className?: string }) {
  return (
    <span
      aria-hidden="true"
      data-health={health}
      className={cn("inline-block size-2 shrink-0 rounded-full", TONE[health], className)}
    />
  );
}
