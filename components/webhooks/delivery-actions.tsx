"use client";

import { ChevronDownIcon, CopyIcon, Trash2Icon } from "lucide-react";
import { toast } from "@/lib/ui/toast";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button, buttonVariants } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { copyText } from "@/lib/ui/copy-text";
import type { DeliveryDetail, EndpointView } from "@/lib/webhooks/browser/console-client";
import { base64ToBytes } from "@/lib/webhooks/shared/format";
import { toCurl, toFetch, type CopySource } from "@/lib/webhooks/shared/replay/copy-as";
import { useDeliveryRemoval } from "@/lib/webhooks/browser/use-delivery-removal";
import { receiverUrl } from "./receiver-url";
import { ReplayDialog } from "./replay-dialog";
import { EditReplayDialog } from "./edit-replay-dialog";
import { CompareMenu } from "./delivery-relations";
import { ShareDialog } from "./share-dialog";

function copySource(delivery: DeliveryDetail): CopySource {
  return {
    url: receiverUrl(delivery.endpointId),
    method: delivery.method,
    headers: delivery.headers,
    body:
      delivery.body.encoding === "utf8"
        ? new TextEncoder().encode(delivery.body.content)
        : base64ToBytes(delivery.body.content),
  };
}

/** The detail pane's actions on one delivery: replay (as is, or edited), compare, copy as curl or fetch, delete. */
export function DeliveryActions({
  delivery,
  endpoints,
  onDeleted,
}: {
  delivery: DeliveryDetail;
  endpoints: EndpointView[];
  onDeleted: () => void;
}) {
  const { remove } = useDeliveryRemoval();
  const copy = async (what: "curl" | "fetch") => {
    const source = copySource(delivery);
    const text = what === "curl" ? toCurl(source) : toFetch(source);
    if (await copyText(text))
      toast.success(what === "curl" ? "curl command copied" : "fetch call copied");
    else
      toast.error("Could not copy", {
        description: "The browser refused access to the clipboard.",
      });
  };
  return (
    // In a narrow pane (a phone) the actions take a row of their own under the title, which keeps its room.
    <div className="order-last flex shrink-0 basis-full flex-wrap items-center gap-1 @lg:order-none @lg:basis-auto">
      <ReplayDialog
        key={delivery.id}
        delivery={delivery}
        endpoints={endpoints}
        defaultUrl={receiverUrl(delivery.endpointId)}
      />
      <EditReplayDialog key={`edit-${delivery.id}`} delivery={delivery} />
      <CompareMenu delivery={delivery} />
      <ShareDialog key={`share-${delivery.id}`} delivery={delivery} />
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm" aria-label="Copy as">
            <CopyIcon />
            Copy as
            <ChevronDownIcon className="opacity-60" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => void copy("curl")}>Copy as curl</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void copy("fetch")}>
            Copy as fetch (JS)
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button variant="ghost" size="icon-sm" aria-label="Delete this delivery">
            <Trash2Icon />
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete delivery #{delivery.id}?</AlertDialogTitle>
            <AlertDialogDescription>
              Its bytes, headers and findings are deleted for every member. Other attempts of its
              retry group stay. This cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              className={buttonVariants({ variant: "destructive" })}
              onClick={() => remove.mutate(delivery.id, { onSuccess: onDeleted })}
            >
              Delete delivery
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
