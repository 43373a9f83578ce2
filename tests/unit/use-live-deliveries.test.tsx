import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { consoleApi, type EndpointView } from "@/lib/webhooks/browser/console-client";
import type { ListFilters } from "@/lib/webhooks/browser/inspector-queries";
import { useDeliveryRemoval } from "@/lib/webhooks/browser/use-delivery-removal";
import { useLiveDeliveries } from "@/lib/webhooks/browser/use-live-deliveries";
import { hostDatabases, signedInConsole } from "../support/console-api";

/**
 * The inspector's live list as the page uses it, in a DOM without a production build: its fetches reach the
 * app's real proxy and routes (tests/support/console-api.ts) as the signed-in admin, and deliveries arrive
 * through the real receiver, sent by the console's own test send.
 */

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const filtersFor = (endpoint: EndpointView): ListFilters => ({
  endpoint: endpoint.id,
  event: "",
  verification: null,
  range: null,
  since: null,
  until: null,
  q: "",
});

function renderLiveList(endpoint: EndpointView) {
  return renderHook(
    () => ({ live: useLiveDeliveries(filtersFor(endpoint)), removal: useDeliveryRemoval() }),
    { wrapper },
  );
}

describe.each(hostDatabases())("useLiveDeliveries ($label)", ({ database, skip }) => {
  const api = signedInConsole(database, skip);

  const newEndpoint = (name: string) =>
    consoleApi.createEndpoint({ name, secret: "hook-test-signing-secret" });

  it.skipIf(skip)("a delivery that arrives while the list is open appears in it", async () => {
    const endpoint = await newEndpoint("Live arrivals");
    const { result } = renderLiveList(endpoint);
    await waitFor(() => expect(result.current.live.list.isSuccess).toBe(true));
    expect(result.current.live.deliveries).toEqual([]);

    const sent = await consoleApi.sendTest(endpoint.id, { event: "task.completed" });
    expect(sent.delivered, api().output()).toBe(true);

    await waitFor(() => expect(result.current.live.deliveries).toHaveLength(1), {
      timeout: 10_000,
    });
    const [delivery] = result.current.live.deliveries;
    expect(delivery).toMatchObject({ endpointId: endpoint.id, event: "task.completed" });
    expect(delivery!.verification.result).toBe("verified");
  });

  it.skipIf(skip)(
    "while paused, new deliveries are counted, not shown, until the member shows them",
    async () => {
      const endpoint = await newEndpoint("Paused list");
      const { result } = renderLiveList(endpoint);
      await waitFor(() => expect(result.current.live.list.isSuccess).toBe(true));
      act(() => result.current.live.setPaused(true));

      await consoleApi.sendTest(endpoint.id, { event: "task.created" });
      await waitFor(() => expect(result.current.live.pendingCount).toBe(1), { timeout: 10_000 });
      expect(result.current.live.deliveries).toEqual([]);

      act(() => result.current.live.showPending());
      expect(result.current.live.pendingCount).toBe(0);
      expect(result.current.live.deliveries.map((d) => d.event)).toEqual(["task.created"]);
    },
  );

  it.skipIf(skip)("a deleted delivery disappears from the list, and stays gone", async () => {
    const endpoint = await newEndpoint("Deletions");
    const { result } = renderLiveList(endpoint);
    await waitFor(() => expect(result.current.live.list.isSuccess).toBe(true));
    await consoleApi.sendTest(endpoint.id, { event: "task.completed" });
    await consoleApi.sendTest(endpoint.id, { event: "project.updated" });
    await waitFor(() => expect(result.current.live.deliveries).toHaveLength(2), {
      timeout: 10_000,
    });
    const doomed = result.current.live.deliveries.find((d) => d.event === "task.completed")!;

    act(() => result.current.removal.remove.mutate(doomed.id));

    await waitFor(() => expect(result.current.removal.remove.isSuccess).toBe(true));
    expect(result.current.live.deliveries.map((d) => d.event)).toEqual(["project.updated"]);
    // The server agrees: a fresh read of the list (as the next page load would make) lacks it too.
    const stored = await consoleApi.deliveries({ endpoint: endpoint.id });
    expect(stored.deliveries.map((d) => d.id)).not.toContain(doomed.id);
  });
});
