import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";

/**
 * A delivery on its way: while the detail pane's code loads (the inspector) and while the delivery is fetched
 * (the pane itself). Apart from the pane, so the inspector can show it without loading the pane.
 */
export function DeliveryLoading({ className }: { className?: string }) {
  return (
    <div
      role="status"
      className={cn("flex flex-col gap-3", className)}
      aria-busy="true"
      aria-label="Loading the delivery"
    >
      <Skeleton className="h-8 w-80 max-w-full" />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-48 w-full" />
    </div>
  );
}
