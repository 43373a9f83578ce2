"use client";

import { useMutation, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { toast } from "@/lib/ui/toast";
import { consoleApi, type DeliveriesPage, type DeliverySummary } from "./console-client";
import { inspectorQueries } from "./inspector-queries";
import { plural } from "@/lib/ui/format";

type ListData = InfiniteData<DeliveriesPage, string | null>;

/**
 * Deleting one delivery or clearing an endpoint: the answer removes the rows from every cached list at
 * once (the live poll only brings new rows, it never notices a deletion) and refreshes the counts.
 */
export function useDeliveryRemoval() {
  const queryClient = useQueryClient();
  const listsKey = [...inspectorQueries.all(), "deliveries"];

  const dropFromLists = (gone: (delivery: DeliverySummary) => boolean) => {
    for (const [key, data] of queryClient.getQueriesData<ListData>({ queryKey: listsKey })) {
      if (!data || !("pages" in data)) continue;
      queryClient.setQueryData<ListData>(key, {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          deliveries: page.deliveries.filter((delivery) => !gone(delivery)),
        })),
      });
    }
    void queryClient.invalidateQueries({ queryKey: [...inspectorQueries.all(), "counts"] });
  };

  const remove = useMutation({
    mutationFn: (id: string) => consoleApi.deleteDelivery(id),
    onSuccess: (_, id) => {
      dropFromLists((delivery) => delivery.id === id);
      queryClient.removeQueries({ queryKey: inspectorQueries.delivery(id).queryKey });
      toast.success(`Delivery #${id} deleted`);
    },
    onError: (error) => toast.error("The delivery was not deleted", { description: error.message }),
  });

  const clear = useMutation({
    mutationFn: (endpoint: { id: string; name: string }) => consoleApi.clearDeliveries(endpoint.id),
    onSuccess: ({ deleted }, endpoint) => {
      dropFromLists((delivery) => delivery.endpointId === endpoint.id);
      toast.success(`${plural(deleted, "delivery", "deliveries")} of “${endpoint.name}” deleted`);
    },
    onError: (error) => toast.error("Nothing was deleted", { description: error.message }),
  });

  return { remove, clear };
}
