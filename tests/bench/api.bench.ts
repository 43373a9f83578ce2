/**
 * `npm run bench -- api`: the console API for machines at 10,000 stored deliveries (issue 27): the first
 * page of deliveries and a text search (`q=`), through the production app over HTTP with an access token,
 * p99 of SAMPLES requests each, beside the same request made by the inspector's page with a session cookie
 * (the same route, the same query): the difference is what the token path costs (its lookup, its rate-limit
 * count, its log line) over the session's. Token and cookie requests alternate, so that both meet the same
 * load. On PGlite and on a throwaway PostgreSQL; the deliveries are the inspector bench's.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type DatabaseTarget } from "../../lib/db/connect";
import { RATE_LIMITS } from "../../lib/rate-limit/policies";
import {
  ensureBuild,
  startApp,
  type AppServer,
  type AppServerOptions,
} from "../support/app-server";
import { startThrowawayPostgres, warnPostgresSkipped } from "../support/postgres";
import { signInCookie } from "../support/sign-in";
import type { Figure } from "./report";
import { quantile } from "./stats";
import { DELIVERIES, NEEDLE, seed } from "./webhook-inspector.bench";

const SAMPLES = 300;
const WARM_UP = 20;
/** The inspector's own first page (lib/webhooks/browser/inspector-queries.ts PAGE_SIZE). */
const QUERIES = {
  list: "/api/webhooks/deliveries?limit=100",
  search: `/api/webhooks/deliveries?limit=100&q=${NEEDLE}`,
} as const;

/**
 * Access tokens for the run: a token may make RATE_LIMITS.token requests a minute, so a fresh one is
 * created (by the session, not timed) before each one's share is spent.
 */
function tokenSupply(server: AppServer, cookie: string) {
  const perToken = RATE_LIMITS.token.limit - 10;
  let current = "";
  let used = perToken;
  return async (): Promise<string> => {
    if (used >= perToken) {
      const created = await fetch(`${server.url}/api/tokens`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ name: `bench ${Date.now()}`, expiresInDays: 7, scopes: ["read"] }),
      });
      if (created.status !== 201) throw new Error(`POST /api/tokens answered ${created.status}`);
      current = ((await created.json()) as { token: string }).token;
      used = 0;
    }
    used += 1;
    return current;
  };
}

async function timed(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const body = (await response.json()) as { deliveries?: unknown[] };
  const elapsed = performance.now() - started;
  if (response.status !== 200 || !Array.isArray(body.deliveries)) {
    throw new Error(`${url} answered ${response.status}`);
  }
  return elapsed;
}

async function measure(
  name: string,
  key: string,
  target: DatabaseTarget,
  app: AppServerOptions,
): Promise<Figure[]> {
  const database = await openDatabase(target);
  try {
    await seed(database);
  } finally {
    await database.close();
  }
  const server = await startApp(app);
  try {
    const cookie = await signInCookie(server.url);
    const token = tokenSupply(server, cookie);
    const figures: Figure[] = [];
    console.log(`\n--- ${name}: ${DELIVERIES.toLocaleString("en")} deliveries`);
    for (const [query, path] of Object.entries(QUERIES)) {
      const url = `${server.url}${path}`;
      const viaToken: number[] = [];
      const viaCookie: number[] = [];
      for (let i = 0; i < WARM_UP + SAMPLES; i += 1) {
        const withToken = await timed(url, { authorization: `Bearer ${await token()}` });
        const withCookie = await timed(url, { cookie });
        if (i >= WARM_UP) {
          viaToken.push(withToken);
          viaCookie.push(withCookie);
        }
      }
      for (const q of [0.5, 0.99] as const) {
        const label = q === 0.5 ? "p50" : "p99";
        const figure: Figure = {
          id: `api.${key}.${query}.${label}`,
          label: `Console API with a token, ${name}, ${DELIVERIES.toLocaleString("en")} deliveries: ${query === "list" ? "first page (100)" : `search "${NEEDLE}"`} ${label}`,
          value: quantile(viaToken, q),
          unit: "ms",
          baseline: {
            label: "the inspector's request (session cookie)",
            value: quantile(viaCookie, q),
          },
        };
        figures.push(figure);
        console.log(
          `${figure.label.padEnd(96)} ${figure.value.toFixed(1).padStart(7)} ms   cookie ${figure.baseline!.value.toFixed(1).padStart(7)} ms`,
        );
      }
    }
    return figures;
  } finally {
    await server.stop();
  }
}

export default async function apiBench(): Promise<Figure[]> {
  ensureBuild();
  const figures: Figure[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "console-bench-api-"));
  try {
    figures.push(...(await measure("PGlite", "pglite", { kind: "pglite", dataDir }, { dataDir })));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const postgres = await startThrowawayPostgres({ fsync: true });
  if (!postgres) {
    console.log(warnPostgresSkipped("The API bench on PostgreSQL"));
    return figures;
  }
  try {
    figures.push(
      ...(await measure(
        "PostgreSQL",
        "postgres",
        { kind: "postgres", url: postgres.url },
        { env: { DATABASE_URL: postgres.url } },
      )),
    );
  } finally {
    await postgres.stop();
  }
  return figures;
}
