/**
 * `npm run bench -- projects.bench`: requests/s and p99 latency of `GET /api/projects` with a warm snapshot
 * (the shared snapshot in the database, lib/upstream), side by side with a baseline route that answers the
 * same JSON from memory (`/api/projects/bench-baseline`, in bench builds only: see tests/bench/run.ts). Both sit
 * behind the same session check, so the ratio is what the database-backed snapshot costs. Goal: ≥ 0.8.
 *
 * It uses the production build in NEXT_DIST_DIR (default .next; built if missing), starts the simulator and
 * its own `next start` on free ports (embedded PGlite, the default database), signs in as the e2e admin
 * through next-auth's credentials endpoint, then alternates autocannon rounds of the two routes.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { startSimulator } from "../../lib/simulator";
import { ensureBuild, startApp } from "../support/app-server";
import { signInCookie } from "../e2e/upstream-support";

interface AutocannonResult {
  requests: { average: number };
  latency: { p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
}) => Promise<AutocannonResult>;

// autocannon ships no types; it is a CommonJS module.
const autocannon = createRequire(path.join(process.cwd(), "package.json"))(
  "autocannon",
) as Autocannon;

const KEY = "sim_bench_projects_key";
const ROUNDS = 3;
const SECONDS = 8;
const CONNECTIONS = 10;

export default async function projectsBench() {
  ensureBuild();
  const sim = await startSimulator({ projects: 500, seed: 1, keys: [KEY] });
  const app = await startApp({
    env: {
      PROJECTS_API_BASE_URL: sim.baseUrl,
      PROJECTS_API_KEY: KEY,
      // Warm for the whole run: this measures serving the snapshot, not refreshing it.
      PROJECTS_CACHE_TTL_SECONDS: "3600",
    },
  });
  try {
    const cookie = await signInCookie(app.url);
    const headers: Record<string, string> = cookie ? { cookie } : {};
    const routes = {
      "/api/projects": `${app.url}/api/projects`,
      baseline: `${app.url}/api/projects/bench-baseline`,
    };
    const bodies = await Promise.all(
      Object.values(routes).map(async (url) => {
        const response = await fetch(url, { headers });
        if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
        return response.text();
      }),
    );
    if (bodies[0] !== bodies[1]) throw new Error("The two routes do not answer the same JSON.");
    console.log(
      `Warm snapshot of 500 projects (${(bodies[0]!.length / 1024).toFixed(0)} KiB); ` +
        `${ROUNDS} alternating rounds of ${SECONDS} s, ${CONNECTIONS} connections each.`,
    );

    const totals = Object.fromEntries(
      Object.keys(routes).map((name) => [name, { rps: [] as number[], p99: [] as number[] }]),
    );
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which goes first so that neither always runs on a warmer (or more tired) server.
      const order = round % 2 ? Object.entries(routes).reverse() : Object.entries(routes);
      for (const [name, url] of order) {
        const result = await autocannon({
          url,
          connections: CONNECTIONS,
          duration: SECONDS,
          headers,
        });
        if (result.non2xx || result.errors || result.timeouts) {
          throw new Error(
            `${name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
          );
        }
        totals[name]!.rps.push(result.requests.average);
        totals[name]!.p99.push(result.latency.p99);
      }
    }

    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const rows = Object.entries(totals).map(([name, { rps, p99 }]) => ({
      route: name,
      "requests/s": Math.round(mean(rps)),
      "p99 ms": Math.round(mean(p99) * 10) / 10,
    }));
    console.table(rows);
    const ratio = rows[0]!["requests/s"] / rows[1]!["requests/s"];
    console.log(
      `ratio /api/projects ÷ baseline: ${ratio.toFixed(2)} requests/s (goal ≥ 0.8)` +
        `, p99 ${rows[0]!["p99 ms"]} ms vs ${rows[1]!["p99 ms"]} ms`,
    );
  } finally {
    await app.stop();
    await sim.close();
  }
}
