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
import { compareHref } from "./compare-picking";
import { consoleApi, type DeliveryDetail } from "@/lib/webhooks/browser/console-client";
import { useInspectorView } from "@/lib/webhooks/browser/use-inspector-view";

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
