"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/lib/ui/toast";
import {
  consoleApi,
  type EndpointPatch,
  type EndpointView,
} from "@/lib/webhooks/browser/console-client";
import { inspectorQueries } from "@/lib/webhooks/browser/inspector-queries";

/**
 * Endpoint changes: each answer replaces the endpoint in the cached list, so every view of it updates at
 * once. Failures keep the route's sentence (it says what to fix) for the form to show.
 */
export function useEndpointActions() {
  const queryClient = useQueryClient();
  const key = inspectorQueries.endpoints().queryKey;
  const store = (endpoint: EndpointView) =>
    queryClient.setQueryData<EndpointView[]>(key, (old) =>
      old?.some((e) => e.id === endpoint.id)
        ? old.map((e) => (e.id === endpoint.id ? endpoint : e))
        : [...(old ?? []), endpoint],
    );

  const create = useMutation({
    mutationFn: consoleApi.createEndpoint,
    onSuccess: (endpoint) => {
      store(endpoint);
      toast.success(`Endpoint “${endpoint.name}” created`);
    },
  });
  const update = useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: EndpointPatch; done: string }) =>
      consoleApi.updateEndpoint(id, patch),
    onSuccess: (endpoint, { done }) => {
      store(endpoint);
      // Diagnoses are computed with the endpoint's secrets as they are now.
      void queryClient.invalidateQueries({ queryKey: [...inspectorQueries.all(), "diagnosis"] });
      toast.success(done);
    },
  });
  const remove = useMutation({
    mutationFn: (endpoint: EndpointView) => consoleApi.deleteEndpoint(endpoint.id),
    onSuccess: (_, endpoint) => {
      queryClient.setQueryData<EndpointView[]>(key, (old) =>
        old?.filter((e) => e.id !== endpoint.id),
      );
      void queryClient.invalidateQueries({ queryKey: [...inspectorQueries.all(), "deliveries"] });
      toast.success(`Endpoint “${endpoint.name}” and its deliveries deleted`);
    },
  });
  return { create, update, remove };
}
