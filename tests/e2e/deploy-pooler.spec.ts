import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { VERCEL_POOL_MAX } from "@/lib/db/postgres";
import { DEFAULT_SCHEME, sign } from "@/lib/signing";
import { startApp, type AppServer } from "../support/app-server";
import { E2E, SIM_URL } from "../support/e2e-env";
import { startThrowawayPgbouncer, type ThrowawayPgbouncer } from "../support/pgbouncer";
import {
  postgresRequired,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from "../support/postgres";
import { signInCookie } from "../support/sign-in";
import { envelope } from "./webhook-support";

/**
 * The app as Vercel runs it with Neon (VERCEL=1, DATABASE_URL through a transaction-mode PgBouncer,
 * DATABASE_URL_UNPOOLED direct), against a real PgBouncer with a small pool in front of a real PostgreSQL
 * with few connection slots. One stack for the whole file; the tests run in order.
 */
test.describe.configure({ mode: "serial" });

const INSTANCES = 16;
const POOLER_POOL_SIZE = 4;
const MAX_CONNECTIONS = 30;
const CRON_SECRET = "e2e-cron-secret-0123456789";
const TSX = path.join(process.cwd(), "node_modules/.bin/tsx");

let postgres: ThrowawayPostgres | null = null;
let pooler: ThrowawayPgbouncer | null = null;
let monitor: pg.Client | null = null;
let apps: AppServer[] = [];

/** The highest connection counts seen while the sampler ran: app clients at the pooler, server backends. */
const peak = { poolerClients: 0, serverBackends: 0 };
let sampler: NodeJS.Timeout | undefined;
let sampling = false;

async function sampleConnections() {
  if (!pooler || !monitor || sampling) return;
  sampling = true;
  try {
    await sampleOnce(pooler, monitor);
  } finally {
    sampling = false;
  }
}

async function sampleOnce(pooler: ThrowawayPgbouncer, monitor: pg.Client) {
  const clients = await pooler.admin("SHOW CLIENTS").catch(() => []);
  const appClients = clients.filter((row) => row.database === "postgres").length;
  const backends = await monitor
    .query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()",
    )
    .then((result) => result.rows[0]!.n)
    .catch(() => 0);
  peak.poolerClients = Math.max(peak.poolerClients, appClients);
  peak.serverBackends = Math.max(peak.serverBackends, backends);
}

function vercelEnv(): Record<string, string> {
  return {
    VERCEL: "1",
    DATABASE_URL: pooler!.url,
    DATABASE_URL_UNPOOLED: postgres!.url,
    CRON_SECRET,
    PROJECTS_API_BASE_URL: `${SIM_URL}/api/public`,
    PROJECTS_API_KEY: E2E.apiKey,
  };
}

function postDelivery(url: string, timeoutMs = 30_000): Promise<Response> {
  const body = JSON.stringify(envelope());
  return fetch(`${url}/api/webhooks/receive`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-webhook-signature": sign(body, E2E.webhookSecret, DEFAULT_SCHEME),
    },
    body,
    signal: AbortSignal.timeout(timeoutMs),
  });
}

function migrationCount(): number {
  const journal = JSON.parse(
    fs.readFileSync(path.join(process.cwd(), "lib/db/migrations/meta/_journal.json"), "utf8"),
  ) as { entries: unknown[] };
  return journal.entries.length;
}

/** Runs the Vercel build's step before `next build` (lib/deploy/before-build.ts) with `env`. */
function runBuildStep(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(TSX, ["lib/deploy/before-build.ts"], {
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        NODE_ENV: "production",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  postgres = await startThrowawayPostgres({ maxConnections: MAX_CONNECTIONS });
  if (!postgres && postgresRequired()) {
    throw new Error("PostgreSQL is required (REQUIRE_POSTGRES=1) but not installed");
  }
  test.skip(!postgres, "PostgreSQL server binaries are not installed");
  pooler = await startThrowawayPgbouncer(postgres!.url, { poolSize: POOLER_POOL_SIZE });
  if (!pooler && postgresRequired()) {
    throw new Error("PgBouncer is required on CI (REQUIRE_POSTGRES=1) but not installed");
  }
  test.skip(!pooler, "pgbouncer is not installed (apt-get install pgbouncer)");
  monitor = new pg.Client({ connectionString: postgres!.url });
  await monitor.connect();
  sampler = setInterval(() => void sampleConnections(), 100);
});

test.afterAll(async () => {
  clearInterval(sampler);
  await Promise.all(apps.map((app) => app.stop()));
  await monitor?.end().catch(() => {});
  await pooler?.stop();
  await postgres?.stop();
});

test("the build's migration step migrates through the direct URL, and twice at once is safe", async () => {
  test.setTimeout(120_000);
  // The pooled URL leads nowhere: the step can only have used DATABASE_URL_UNPOOLED.
  const env = {
    VERCEL: "1",
    DATABASE_URL: "postgres://nobody@127.0.0.1:1/unreachable",
    DATABASE_URL_UNPOOLED: postgres!.url,
  };
  const runs = await Promise.all([runBuildStep(env), runBuildStep(env)]);
  for (const run of runs) expect(run.code, run.output).toBe(0);
  const outputs = runs.map((run) => run.output).join("\n");
  expect(outputs).toContain(`through DATABASE_URL_UNPOOLED: ${migrationCount()} new`);
  expect(outputs).toContain("through DATABASE_URL_UNPOOLED: 0 new");

  const applied = await monitor!.query<{ n: number }>(
    "select count(*)::int as n from drizzle.__drizzle_migrations",
  );
  expect(applied.rows[0]!.n).toBe(migrationCount());
  const table = await monitor!.query("select to_regclass('webhook_deliveries')::text as t");
  expect(table.rows[0]!.t).toBe("webhook_deliveries");
});

test(`${INSTANCES} simultaneous cold starts answer, serve through the pooler and leave no lock held`, async () => {
  test.setTimeout(300_000);
  const started = performance.now();
  const results = await Promise.allSettled(
    Array.from({ length: INSTANCES }, async () => {
      const app = await startApp({ env: vercelEnv() });
      return { app, seconds: (performance.now() - started) / 1000 };
    }),
  );
  apps = results.flatMap((r) => (r.status === "fulfilled" ? [r.value.app] : []));
  const failed = results.flatMap((r) => (r.status === "rejected" ? [String(r.reason)] : []));
  expect(failed, failed.join("\n")).toEqual([]);
  const seconds = results.map((r) => (r.status === "fulfilled" ? r.value.seconds : NaN));
  const slowest = Math.max(...seconds);
  test.info().annotations.push({
    type: "cold starts",
    description: `${INSTANCES} instances answered /api/health after ${Math.min(...seconds).toFixed(1)}–${slowest.toFixed(1)} s`,
  });
  // Reported, not asserted: on two shared cores 16 boots at once took 15–21 s from run to run (a timed
  // assertion here failed CI at 20.7 s with nothing wrong). What must hold is that every one answers.
  console.log(`[deploy-pooler] ${test.info().annotations.at(-1)!.description}`);

  // Every instance uses the database (schema check, first member, a delivery) through the pooler.
  const answers = await Promise.all(apps.map((app) => postDelivery(app.url)));
  expect(answers.map((a) => a.status)).toEqual(apps.map(() => 200));

  const locks = await monitor!.query<{ n: number }>(
    "select count(*)::int as n from pg_locks where locktype = 'advisory'",
  );
  expect(locks.rows[0]!.n, "advisory locks still held").toBe(0);
});

test("a burst of 500 signed deliveries through the pooled URL: every acknowledged one is stored", async () => {
  test.setTimeout(180_000);
  expect(apps).toHaveLength(INSTANCES);
  const acked: string[] = [];
  const refused: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < 500) {
      const app = apps[next++ % apps.length]!;
      const response = await postDelivery(app.url);
      const payload = (await response.json()) as { id?: string; code?: string };
      if (response.ok) acked.push(payload.id!);
      else refused.push(response.status);
    }
  };
  await Promise.all(Array.from({ length: 48 }, worker));
  test.info().annotations.push({
    type: "burst",
    description: `${acked.length} of 500 acknowledged; refused: ${refused.join(",") || "none"}`,
  });
  console.log(`[deploy-pooler] burst: ${test.info().annotations.at(-1)!.description}`);
  // A delivery that is not acknowledged must at least get a clear "try again" (503), never a 500.
  expect(refused.filter((status) => status !== 503)).toEqual([]);
  expect(acked.length).toBeGreaterThan(0);
  const stored = await monitor!.query<{ id: string }>(
    "select id::text as id from webhook_deliveries where id = any($1::bigint[])",
    [acked],
  );
  expect(new Set(stored.rows.map((row) => row.id))).toEqual(new Set(acked));
});

test("sign-in, the projects snapshot and the console API work through the pooler on several instances", async () => {
  test.setTimeout(120_000);
  // Sign-in attempts and members (lib/auth), the shared snapshot, lease and call budget (lib/upstream, with
  // its transactions) and the delivery list all run through the transaction pooler.
  await Promise.all(
    apps.slice(0, 4).map(async (app) => {
      const cookie = await signInCookie(app.url);
      const projects = await fetch(`${app.url}/api/projects`, { headers: { cookie } });
      expect(projects.status, await projects.clone().text()).toBe(200);
      expect(((await projects.json()) as { projects: unknown[] }).projects.length).toBeGreaterThan(
        0,
      );
      const deliveries = await fetch(`${app.url}/api/webhooks/deliveries?limit=5`, {
        headers: { cookie },
      });
      expect(deliveries.status).toBe(200);
      expect(((await deliveries.json()) as { deliveries: unknown[] }).deliveries).toHaveLength(5);
    }),
  );
});

test("the database never saw more connections than instances × pool size (nor the pooler's pool)", async () => {
  await sampleConnections();
  test.info().annotations.push({
    type: "connections",
    description: `peak ${peak.poolerClients} app connections at the pooler (limit ${INSTANCES * VERCEL_POOL_MAX}), ${peak.serverBackends} server backends (pooler pool ${POOLER_POOL_SIZE})`,
  });
  console.log(`[deploy-pooler] ${test.info().annotations.at(-1)!.description}`);
  expect(peak.poolerClients).toBeGreaterThan(0);
  expect(peak.poolerClients).toBeLessThanOrEqual(INSTANCES * VERCEL_POOL_MAX);
  expect(peak.serverBackends).toBeLessThanOrEqual(INSTANCES * VERCEL_POOL_MAX);
  // The pooler's pool plus the migration steps' direct connections of the first test.
  expect(peak.serverBackends).toBeLessThanOrEqual(POOLER_POOL_SIZE + 2);
});

test("retention runs from the cron route with CRON_SECRET, and the route refuses without it", async () => {
  const url = `${apps[0]!.url}/api/cron/retention`;
  const refused = await fetch(url);
  expect(refused.status).toBe(401);
  expect((await refused.json()).code).toBe("cron_secret_required");
  const wrong = await fetch(url, { headers: { authorization: "Bearer not-the-secret-at-all" } });
  expect(wrong.status).toBe(401);

  await monitor!.query(
    "update webhook_deliveries set received_at = now() - interval '400 days' where id in (select id from webhook_deliveries order by id limit 10)",
  );
  const ran = await fetch(url, { headers: { authorization: `Bearer ${CRON_SECRET}` } });
  expect(ran.status).toBe(200);
  // The same run sends the alerts outbox's due notifications (none reach a channel here: none is set up).
  expect(await ran.json()).toEqual({
    deliveriesDeleted: 10,
    alertIssuesDeleted: 0,
    alerts: expect.objectContaining({ sent: 0, failed: 0 }),
  });
});

test("off Vercel, servers starting together migrate a fresh database through the pooler alone", async () => {
  test.setTimeout(300_000);
  // The case that used to hang: start-up migration through a transaction pooler, no direct URL.
  const admin = new pg.Client({ connectionString: postgres!.url });
  await admin.connect();
  await admin.query("create database fresh_off_vercel");
  await admin.end();
  const pooled = new URL(pooler!.url);
  pooled.pathname = "/fresh_off_vercel";
  const starting = Array.from({ length: 6 }, () =>
    startApp({ env: { DATABASE_URL: pooled.href } }),
  );
  const results = await Promise.allSettled(starting);
  const servers = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  try {
    const failed = results.flatMap((r) => (r.status === "rejected" ? [String(r.reason)] : []));
    expect(failed, failed.join("\n")).toEqual([]);
    const answers = await Promise.all(servers.map((server) => postDelivery(server.url)));
    expect(answers.map((a) => a.status)).toEqual(servers.map(() => 200));

    const direct = new URL(postgres!.url);
    direct.pathname = "/fresh_off_vercel";
    const check = new pg.Client({ connectionString: direct.href });
    await check.connect();
    try {
      const applied = await check.query<{ n: number }>(
        "select count(*)::int as n from drizzle.__drizzle_migrations",
      );
      expect(applied.rows[0]!.n).toBe(migrationCount());
      const locks = await check.query<{ n: number }>(
        "select count(*)::int as n from pg_locks where locktype = 'advisory'",
      );
      expect(locks.rows[0]!.n, "advisory locks still held").toBe(0);
    } finally {
      await check.end();
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
});

test("with every database connection slot taken, requests get 503 with Retry-After, then recover", async () => {
  test.setTimeout(180_000);
  // One instance is enough from here; the others only take memory.
  await Promise.all(apps.slice(1).map((app) => app.stop()));
  apps = apps.slice(0, 1);
  const app = apps[0]!;

  // Make the pooler drop its server connections, then take every slot the database has.
  await pooler!.admin("RECONNECT");
  await expect
    .poll(async () => (await pooler!.admin("SHOW SERVERS")).length, { timeout: 30_000 })
    .toBe(0);
  const hogs: pg.Client[] = [];
  try {
    for (let i = 0; i < MAX_CONNECTIONS; i++) {
      const hog = new pg.Client({ connectionString: postgres!.url });
      try {
        await hog.connect();
      } catch (error) {
        expect((error as { code?: string }).code).toBe("53300");
        break;
      }
      hogs.push(hog);
    }

    const startedAt = performance.now();
    const response = await postDelivery(app.url, 60_000);
    const seconds = (performance.now() - startedAt) / 1000;
    test.info().annotations.push({
      type: "full database",
      description: `answered ${response.status} after ${seconds.toFixed(1)} s`,
    });
    console.log(`[deploy-pooler] full database: ${test.info().annotations.at(-1)!.description}`);
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await response.json()).code).toBe("database_unavailable");
  } finally {
    await Promise.all(hogs.map((hog) => hog.end().catch(() => {})));
  }

  // Slots free again: the same instance serves again without a restart.
  await expect
    .poll(async () => (await postDelivery(app.url)).status, { timeout: 60_000 })
    .toBe(200);
});
