import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
} from "@playwright/test";
import { projectsResponseSchema } from "@/lib/projects/schema";
import { startSimulator } from "@/lib/simulator";
import { startThrowawayPostgres, warnPostgresSkipped } from "../support/postgres";
import { startApp, type AppServer } from "../support/app-server";
import { signInRequestContext } from "../support/sign-in";

/**
 * Two app server processes on one PostgreSQL database, under steady load (page views and manual refreshes)
 * for over two minutes: together they never exceed the call ceiling, as counted by the simulator itself.
 */
const KEY = "sim_e2e_ceiling_key_0e77";
const CEILING = 30;
const LOAD_MS = 130_000;
const LOOPS_PER_SERVER = 4;

test("two instances sharing one database never exceed the ceiling together", async () => {
  test.setTimeout(LOAD_MS + 180_000);
  const postgres = await startThrowawayPostgres();
  if (!postgres) {
    test.skip(true, warnPostgresSkipped("The shared call ceiling across two instances"));
    return;
  }
  const sim = await startSimulator({ projects: 200, seed: 11, keys: [KEY] });
  const servers: AppServer[] = [];
  const contexts: APIRequestContext[] = [];
  try {
    const env = {
      PROJECTS_API_BASE_URL: sim.baseUrl,
      PROJECTS_API_KEY: KEY,
      DATABASE_URL: postgres.url,
      UPSTREAM_CALLS_PER_MINUTE: String(CEILING),
      // A one-second TTL: page views alone would want a call every second, twice the ceiling.
      PROJECTS_CACHE_TTL_SECONDS: "1",
    };
    servers.push(await startApp({ env }), await startApp({ env }));
    for (const server of servers) {
      const context = await playwrightRequest.newContext({ baseURL: server.url });
      await signInRequestContext(context);
      contexts.push(context);
    }
    expect((await contexts[0]!.get("/api/projects")).status()).toBe(200);

    const codes = new Map<string, number>();
    const count = (code: string) => codes.set(code, (codes.get(code) ?? 0) + 1);
    const stopAt = Date.now() + LOAD_MS;
    const loop = async (context: APIRequestContext, n: number) => {
      for (let i = 0; Date.now() < stopAt; i++) {
        const refresh = (i + n) % 2 === 0;
        const response = await context.get(`/api/projects${refresh ? "?refresh=1" : ""}`);
        if (response.status() !== 200) {
          count(`http_${response.status()}`);
          continue;
        }
        const body = projectsResponseSchema.parse(await response.json());
        count(body.error?.code ?? (body.projects.length === 200 ? "fresh" : "short"));
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    await Promise.all(
      contexts.flatMap((context) =>
        Array.from({ length: LOOPS_PER_SERVER }, (_, n) => loop(context, n)),
      ),
    );

    const stats = (await (await fetch(`${sim.url}/__sim/stats`)).json()) as {
      byKey: Record<string, { total: number }>;
      maxInAnyWindow: Record<string, number>;
    };
    const summary = { codes: Object.fromEntries(codes), stats };
    console.log(JSON.stringify(summary));
    // Never above the ceiling in any rolling minute, as the service counts...
    expect(stats.maxInAnyWindow[KEY], JSON.stringify(summary)).toBeLessThanOrEqual(CEILING);
    // ...while the load really pressed against it (the test could fail), and members always got data.
    expect(stats.maxInAnyWindow[KEY]).toBeGreaterThanOrEqual(CEILING - 2);
    expect(stats.byKey[KEY]!.total).toBeGreaterThanOrEqual(2 * CEILING - 4);
    expect(codes.get("upstream_budget_exhausted") ?? 0).toBeGreaterThan(0);
    expect([...codes.keys()].filter((code) => code.startsWith("http_"))).toEqual([]);
    expect(codes.has("upstream_rate_limited")).toBe(false);
    expect(codes.has("short")).toBe(false);
  } finally {
    for (const context of contexts) await context.dispose();
    for (const server of servers) await server.stop();
    await sim.close();
    await postgres.stop();
  }
});
