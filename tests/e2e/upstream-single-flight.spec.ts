import { expect, request as playwrightRequest, test } from "@playwright/test";
import { projectsResponseSchema } from "@/lib/projects/schema";
import { startSimulator } from "@/lib/simulator";
import { startApp } from "../support/app-server";
import { signInRequestContext } from "../support/sign-in";

const KEY = "sim_e2e_single_flight_83f2";

test("200 concurrent requests on a cold cache make exactly one call to the service", async () => {
  const sim = await startSimulator({ projects: 500, seed: 5, keys: [KEY] });
  // A little latency keeps the one call in flight while all 200 requests arrive.
  await fetch(`${sim.url}/__sim/config`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ latencyMs: 300 }),
  });
  const app = await startApp({
    env: { PROJECTS_API_BASE_URL: sim.baseUrl, PROJECTS_API_KEY: KEY },
  });
  const api = await playwrightRequest.newContext({ baseURL: app.url });
  try {
    await signInRequestContext(api);
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => api.get("/api/projects")),
    );
    const bodies = await Promise.all(
      responses.map(async (response) => {
        expect(response.status()).toBe(200);
        return projectsResponseSchema.strict().parse(await response.json());
      }),
    );
    expect(new Set(bodies.map((body) => body.fetchedAt)).size).toBe(1);
    expect(bodies.every((body) => body.projects.length === 500 && !body.stale)).toBe(true);

    const stats = (await (await fetch(`${sim.url}/__sim/stats`)).json()) as {
      byKey: Record<string, { total: number }>;
    };
    expect(stats.byKey[KEY]?.total).toBe(1);
  } finally {
    await api.dispose();
    await app.stop();
    await sim.close();
  }
});
