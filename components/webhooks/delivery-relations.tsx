"use client";

import { useMutation } from "@tanstack/react-query";
import { ChevronDownIcon, GitCompareIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { toast } from "@/lib/ui/toast";
import { consoleApi, type DeliveryDetail } from "@/lib/webhooks/browser/console-client";
import { useInspectorView } from "@/lib/webhooks/browser/use-inspector-view";

/** `/webhooks/compare?a=…&b=…`: the compare view's address, shareable inside the console. */
export function compareHref(a: string, b: string): string {
  return `/webhooks/compare?${new URLSearchParams({ a, b })}`;
}

/** Before and after of two deliveries: the one received first is "before" (ids grow as deliveries arrive). */
function inOrder(one: string, other: string): [string, string] {
  return BigInt(one) < BigInt(other) ? [one, other] : [other, one];
}

/**
 * "Compare" on a delivery: with the previous delivery of the same event (at the same endpoint), with one
 * picked in the inspector's list (ComparePicking), or with any delivery by number in the compare view.
 */
export function CompareMenu({ delivery }: { delivery: DeliveryDetail }) {
  const router = useRouter();
  const { setView } = useInspectorView();
  const previous = useMutation({
    mutationFn: async () => {
      const page = await consoleApi.deliveries({
        endpoint: delivery.endpointId,
        ...(delivery.event ? { event: delivery.event } : {}),
        before: delivery.cursor,
        limit: 1,
      });
      return page.deliveries[0] ?? null;
    },
    onSuccess: (found) => {
      if (found) router.push(compareHref(found.id, delivery.id));
      else
        toast.error(`No earlier ${delivery.event ?? "delivery"} at this endpoint to compare with.`);
    },
    onError: (error) =>
      toast.error("Could not look up the previous delivery", {
        description: error.message,
      }),
  });
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm">
          <GitCompareIcon />
          Compare
          <ChevronDownIcon className="opacity-60" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => previous.mutate()}>
          With the previous {delivery.event ?? "delivery"}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void setView({ compare: delivery.id })}>
          With one from the list…
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href={compareHref("", delivery.id)}>With a delivery by number…</Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
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

/** "Replay of #12" / "Replayed as #14, #15": the stored links between a delivery and its replays. */
export function ReplayLinks({ delivery }: { delivery: DeliveryDetail }) {
  const links = delivery.replayLinks;
  if (!links || (!links.replayOf && links.replays.length === 0)) return null;
  const link = (id: string) => (
    <Link
      key={id}
      href={`/webhooks?delivery=${id}`}
      className="font-mono underline underline-offset-4"
    >
      #{id}
    </Link>
  );
  return (
    <p className="basis-full text-xs text-muted-foreground" data-testid="replay-links">
      {links.replayOf ? (
        <>
          {links.replayOf.edited ? "Edited replay of " : "Replay of "}
          {link(links.replayOf.id)} ·{" "}
          <Link
            href={compareHref(links.replayOf.id, delivery.id)}
            className="underline underline-offset-4"
          >
            compare
          </Link>
        </>
      ) : null}
      {links.replayOf && links.replays.length > 0 ? " · " : null}
      {links.replays.length > 0 ? (
        <>
          Replayed as{" "}
          {links.replays.map((replay, index) => (
            <span key={replay.id}>
              {index > 0 ? ", " : null}
              {link(replay.id)}
              {replay.edited ? " (edited)" : ""}
            </span>
          ))}
        </>
      ) : null}
    </p>
  );
}
