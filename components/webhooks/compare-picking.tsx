"use client";

import { GitCompareIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";

/** `/webhooks/compare?a=…&b=…`: the compare view's address, shareable inside the console. */
export function compareHref(a: string, b: string): string {
  return `/webhooks/compare?${new URLSearchParams({ a, b })}`;
}

/** Before and after of two deliveries: the one received first is "before" (ids grow as deliveries arrive). */
function inOrder(one: string, other: string): [string, string] {
  return BigInt(one) < BigInt(other) ? [one, other] : [other, one];
}

/**
 * The bar over the inspector's list while a comparison is picked (`compare=<id>` in the URL): the member
 * selects the other delivery as usual (click, ↑/↓, j/k), then Compare opens both; Esc or Cancel leaves.
 */
export function ComparePicking({
  base,
  selectedId,
  onCancel,
}: {
  base: string;
  selectedId: string | null;
  onCancel: () => Promise<unknown>;
}) {
  const router = useRouter();
  const other = selectedId && selectedId !== base ? selectedId : null;
  return (
    <div
      role="region"
      aria-label="Pick a delivery to compare"
      className="flex flex-wrap items-center gap-x-3 gap-y-1.5 border-b bg-muted/50 px-3 py-2 text-xs"
    >
      <GitCompareIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
      <p className="mr-auto min-w-0" aria-live="polite">
        {other ? (
          <>
            Compare <span className="font-mono">#{base}</span> with{" "}
            <span className="font-mono">#{other}</span>
          </>
        ) : (
          <>
            Select the delivery to compare with <span className="font-mono">#{base}</span>
          </>
        )}
      </p>
      <div className="flex items-center gap-1">
        <Button
          size="sm"
          disabled={!other}
          onClick={() => {
            if (!other) return;
            const [before, after] = inOrder(base, other);
            // Leave picking first, so that Back from the comparison returns to the plain inspector.
            void onCancel().then(() => router.push(compareHref(before, after)));
          }}
        >
          Compare
        </Button>
        <Button variant="ghost" size="sm" onClick={() => void onCancel()}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
