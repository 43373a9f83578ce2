import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSimulator, type Simulator } from "@/lib/simulator";

/**
 * Spec section 8: 60 requests per minute per key, 429 with an integer Retry-After. The simulator's clock is
 * injected, so a whole minute is walked through without waiting for it.
 */

const KEY = "sk_rate";
const OTHER = "sk_rate_other";
const T0 = Date.UTC(2025, 2, 10, 9, 0, 0);
let clock = T0;
let sim: Simulator;

beforeAll(async () => {
  sim = await startSimulator({ projects: 3, keys: [KEY, OTHER], now: () => clock });
});
afterAll(() => sim.close());
beforeEach(async () => {
  clock = T0;
  await fetch(`${sim.url}/__sim/reset`, { method: "POST" });
});

async function call(key: string | null = KEY, atMs?: number) {
  if (atMs !== undefined) clock = T0 + atMs;
  const response = await fetch(`${sim.baseUrl}/projects`, {
    headers: key ? { authorization: `Bearer ${key}` } : {},
  });
  const body = (await response.json()) as unknown;
  return { status: response.status, retryAfter: response.headers.get("retry-after"), body };
}

async function config(body: object) {
  await fetch(`${sim.url}/__sim/config`, { method: "POST", body: JSON.stringify(body) });
}

describe("Retry-After arithmetic over a minute (rolling window)", () => {
  it("lets 60 in, refuses the 61st with the whole seconds until the oldest leaves the window", async () => {
    // 60 requests every 500 ms: t = 0 s .. 29.5 s.
    for (let i = 0; i < 60; i++) expect((await call(KEY, i * 500)).status).toBe(200);

    const refused = await call(KEY, 30_000);
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe("30");
    expect(refused.body).toEqual({
      error: "Rate limit exceeded: 60 requests per minute per API key. Retry in 30 seconds.",
    });

    // 14.8 s left rounds up to 15; 0.2 s left rounds up to 1, never 0.
    expect((await call(KEY, 45_200)).retryAfter).toBe("15");
    expect((await call(KEY, 59_800)).retryAfter).toBe("1");

    // At 60 s the request of t = 0 has left the window: exactly one slot.
    expect((await call(KEY, 60_000)).status).toBe(200);
    const next = await call(KEY, 60_000);
    expect(next.status).toBe(429);
    expect(next.retryAfter).toBe("1"); // the request of t = 0.5 s leaves at 60.5 s

    // Waiting as told always works.
    expect((await call(KEY, 60_000 + Number(next.retryAfter) * 1000)).status).toBe(200);
  });

  it("a burst at one instant waits the full minute", async () => {
    for (let i = 0; i < 60; i++) await call(KEY, 0);
    const refused = await call(KEY, 0);
    expect(refused.retryAfter).toBe("60");
    expect((await call(KEY, 59_999)).status).toBe(429);
    expect((await call(KEY, 60_000)).status).toBe(200);
  });

  it("every Retry-After is an integer of at least 1 and waiting it is always enough", async () => {
    let t = 0;
    for (let i = 0; i < 300; i++) {
      const result = await call(KEY, t);
      if (result.status === 429) {
        expect(result.retryAfter).toMatch(/^[1-9]\d*$/);
        t += Number(result.retryAfter) * 1000;
        expect((await call(KEY, t)).status).toBe(200);
      }
      t += 137;
    }
  });

  it("counts per key: one key over the limit does not touch another", async () => {
    for (let i = 0; i < 61; i++) await call(KEY, 0);
    expect((await call(KEY, 1_000)).status).toBe(429);
    expect((await call(OTHER, 1_000)).status).toBe(200);
  });

  it("does not count refused requests by default, and does when countRejected is on", async () => {
    for (let i = 0; i < 60; i++) await call(KEY, 0);
    for (let i = 0; i < 60; i++) expect((await call(KEY, 10_000)).status).toBe(429);
    expect((await call(KEY, 60_000)).status).toBe(200);

    await fetch(`${sim.url}/__sim/reset`, { method: "POST" });
    await config({ countRejected: true });
    for (let i = 0; i < 60; i++) await call(KEY, 0);
    for (let i = 0; i < 60; i++) await call(KEY, 10_000);
    // The 60 refused at 10 s still fill the window at 60 s; they leave at 70 s.
    const refused = await call(KEY, 60_000);
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe("10");
  });

  it("follows a raised limit (rateLimitPerMinute)", async () => {
    await config({ rateLimitPerMinute: 100 });
    for (let i = 0; i < 100; i++) expect((await call(KEY, 0)).status).toBe(200);
    const refused = await call(KEY, 0);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: "Rate limit exceeded: 100 requests per minute per API key. Retry in 60 seconds.",
    });
  });
});

describe("GET /__sim/stats: every API request received, per key and per minute", () => {
  interface Stats {
    total: number;
    byKey: Record<string, { total: number; perMinute: Record<string, number> }>;
    maxInAnyWindow: Record<string, number>;
  }
  const stats = async () => (await (await fetch(`${sim.url}/__sim/stats`)).json()) as Stats;

  it("counts accepted, refused and unauthenticated requests, by minute", async () => {
    for (let i = 0; i < 65; i++) await call(KEY, 20_000 + i * 500); // 09:00:20 .. 09:00:52
    await call(KEY, 61_000); // 09:01:01
    await call(null, 61_000);
    await call("sk_unknown", 61_000);

    const result = await stats();
    expect(result.total).toBe(68);
    expect(result.byKey[KEY]).toEqual({
      total: 66,
      perMinute: { "2025-03-10T09:00Z": 65, "2025-03-10T09:01Z": 1 },
    });
    expect(result.byKey["(none)"]?.total).toBe(1);
    expect(result.byKey.sk_unknown?.total).toBe(1);
    // 65 requests within 32 s: all in one window, 429s included.
    expect(result.maxInAnyWindow[KEY]).toBe(66);
  });

  it("measures the busiest rolling 60 s, not the calendar minute", async () => {
    // 30 at 09:00:50 and 30 at 09:01:10: two calendar minutes, one 20-second stretch.
    for (let i = 0; i < 30; i++) await call(KEY, 50_000);
    for (let i = 0; i < 30; i++) await call(KEY, 70_000);
    // 10 more two minutes later.
    for (let i = 0; i < 10; i++) await call(KEY, 190_000);
    const result = await stats();
    expect(result.byKey[KEY]?.perMinute).toEqual({
      "2025-03-10T09:00Z": 30,
      "2025-03-10T09:01Z": 30,
      "2025-03-10T09:03Z": 10,
    });
    expect(result.maxInAnyWindow[KEY]).toBe(60);
  });

  it("POST /__sim/stats/reset clears them, and only them", async () => {
    for (let i = 0; i < 60; i++) await call(KEY, 0);
    const reset = await fetch(`${sim.url}/__sim/stats/reset`, { method: "POST" });
    expect(await reset.json()).toEqual({ total: 0, byKey: {}, maxInAnyWindow: {} });
    // The rate window is the service's, not the statistics': still full.
    expect((await call(KEY, 1_000)).status).toBe(429);
  });
});
