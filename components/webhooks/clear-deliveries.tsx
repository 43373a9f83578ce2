"use client";

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
import { UserText } from "@/components/ui/user-text";
import type { EndpointView } from "@/lib/webhooks/browser/console-client";
import { useDeliveryRemoval } from "@/lib/webhooks/browser/use-delivery-removal";

/** Deletes every delivery stored for an endpoint, after a confirmation; the endpoint itself stays. */
export function ClearDeliveries({ endpoint }: { endpoint: EndpointView }) {
  const { clear } = useDeliveryRemoval();
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" className="self-start" disabled={clear.isPending}>
          {clear.isPending ? "Clearing…" : "Clear deliveries…"}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>
            Clear the deliveries of “<UserText value={endpoint.name} />
            ”?
          </AlertDialogTitle>
          <AlertDialogDescription>
            Every delivery stored for this endpoint is deleted, for every member, and the event
            shapes inferred from them start over. The endpoint, its receiver URL and its secret
            stay, and new deliveries keep arriving. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: "destructive" })}
            onClick={() => clear.mutate(endpoint)}
          >
            Clear deliveries
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
