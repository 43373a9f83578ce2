import { hydrate, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { PREFETCH_WAIT_MS, prefetchedAnswer, prefetchedState } from "@/lib/query-prefetch";

/** The data a browser's client holds once it has hydrated the state. */
function hydrated(state: Awaited<ReturnType<typeof prefetchedState>>) {
  const client = new QueryClient();
  hydrate(client, state);
  return client;
}

describe("prefetchedState: the answers a page renders with", () => {
  it("stores each answer under its key as the route sends it (JSON)", async () => {
    const at = new Date("2026-11-27T10:00:00.000Z");
    const state = await prefetchedState([
      { queryKey: ["webhooks", "endpoints"], read: async () => [{ id: "ep_1", createdAt: at }] },
      { queryKey: ["webhooks", "counts"], read: async () => ({ total: 3, events: { "a.b": 3 } }) },
    ]);
    const client = hydrated(state);
    expect(client.getQueryData(["webhooks", "endpoints"])).toEqual([
      { id: "ep_1", createdAt: "2026-11-27T10:00:00.000Z" },
    ]);
    expect(client.getQueryData(["webhooks", "counts"])).toEqual({ total: 3, events: { "a.b": 3 } });
  });

  it("leaves out a read that fails or outlasts the wait, and keeps the others: the browser asks for those", async () => {
    const started = Date.now();
    const state = await prefetchedState([
      {
        queryKey: ["failing"],
        read: async () => {
          throw new Error("database unavailable");
        },
      },
      { queryKey: ["slow"], read: () => new Promise(() => {}) },
      { queryKey: ["fine"], read: async () => ({ ok: true }) },
    ]);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(PREFETCH_WAIT_MS - 50);
    const client = hydrated(state);
    expect(client.getQueryData(["failing"])).toBeUndefined();
    expect(client.getQueryData(["slow"])).toBeUndefined();
    expect(client.getQueryData(["fine"])).toEqual({ ok: true });
    expect(state.queries.map((q) => q.queryKey)).toEqual([["fine"]]);
  });
});

describe("prefetchedAnswer: one answer a component starts from (initialData)", () => {
  it("answers the route's JSON with the time it was read, which a query's initialDataUpdatedAt takes", async () => {
    const before = Date.now();
    const answer = await prefetchedAnswer(async () => ({
      openCount: 2,
      since: new Date("2026-11-28T08:00:00.000Z"),
    }));
    expect(answer?.data).toEqual({ openCount: 2, since: "2026-11-28T08:00:00.000Z" });
    expect(answer?.updatedAt).toBeGreaterThanOrEqual(before);
    expect(answer?.updatedAt).toBeLessThanOrEqual(Date.now());
  });

  it("is null for a read that fails or outlasts the wait: the component then asks for it", async () => {
    expect(
      await prefetchedAnswer(async () => {
        throw new Error("database unavailable");
      }),
    ).toBeNull();
    expect(await prefetchedAnswer(() => new Promise(() => {}))).toBeNull();
  });
});
