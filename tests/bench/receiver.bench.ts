/**
 * `npm run bench -- receiver`: the webhook receiver (`POST /api/webhooks/receive`: read, analyse, verify,
 * store durably, answer) side by side with a baseline route doing the same work without the database
 * (`/api/webhooks/receive/bench-baseline`, in bench builds only: see tests/bench/run.ts). The ratio is
 * what storing costs.
 *
 * Run once per database: the embedded PGlite (fresh folder) and a throwaway PostgreSQL (DATABASE_URL, its
 * own processes, fsync on; skipped with a clear line when its binaries are missing). Each gets its own
 * server (`next start` from the build in NEXT_DIST_DIR, built if missing, on a free port), a warm-up that
 * is not measured, and two measurements per route:
 *   1. paced: 200 deliveries/s for 30 s, evenly spaced and open-loop (paced-load.ts: latency counted from
 *      when each delivery was due), every body unique and signed, sent from a process at a lower CPU
 *      priority than the server's (webhook-sender.ts says why). Goal: p99 under 100 ms;
 *   2. flat out: as many deliveries/s as 20 connections get through in 10 s (autocannon).
 * Then the server is stopped and the database read directly: every delivery answered 200 in the paced run
 * must be stored with the same SHA-256 (acknowledged = stored).
 *
 * Alerts (issue 29: the rules evaluated after each delivery add under 2 ms of server CPU): beside the server,
 * a second one with ALERTS_ENABLED=false on its own database runs the same paced receiver load, right after
 * the first's; the difference of their server CPU per delivery is what evaluating the rules costs.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { openDatabase, type Database } from "../../lib/db/connect";
import { startThrowawayPostgres } from "../support/postgres";
import { cpuSeconds, waitUntilIdle } from "./cpu";
import type { PacedResult } from "./paced-load";
import type { Figure } from "./report";
import { sendPaced, signedDelivery } from "./webhook-sender";

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  "2xx": number;
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
}
/** `context` is per connection; a connection has one request in flight, so it pairs request and answer. */
interface AutocannonRequest {
  method: string;
  setupRequest: (
    request: Record<string, unknown>,
    context: Record<string, string>,
  ) => Record<string, unknown>;
  onResponse: (status: number, body: string, context: Record<string, string>) => void;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  overallRate?: number;
  requests: AutocannonRequest[];
}) => Promise<AutocannonResult>;

// autocannon ships no types; it is a CommonJS module.
const autocannon = createRequire(path.join(process.cwd(), "package.json"))(
  "autocannon",
) as Autocannon;

const SECRET = "bench-receiver-secret";
const PACED_RATE = 200;
const PACED_SECONDS = 30;
const FLAT_SECONDS = 10;
const WARM_UP_SECONDS = 15;

function ensureBuild(distDir: string) {
  const route = path.join(distDir, "server/app/api/webhooks/receive/bench-baseline");
  if (fs.existsSync(path.join(distDir, "BUILD_ID")) && fs.existsSync(route)) return;
  console.log(`No current production build in ${distDir}: running next build (a few minutes)...`);
  execFileSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], {
    stdio: "inherit",
    env: {
      ...process.env,
      NEXT_DIST_DIR: distDir,
      NEXT_BENCH_ROUTES: "1",
      NEXT_TELEMETRY_DISABLED: "1",
    },
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The bench decides the database: one inherited from the shell must not leak into a run. */
function serverEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  delete inherited.PGLITE_DATA_DIR;
  return { ...inherited, ...env };
}

async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ["node_modules/next/dist/bin/next", "start", "-p", String(port)],
    { env: serverEnv(env), detached: true, stdio: ["ignore", "ignore", "pipe"] },
  );
  // autocannon hangs up on the requests in flight when a run ends, and the server logs each as
  // "aborted" (4 lines). Those are counted; anything else the server logs is shown.
  let aborted = 0;
  const hangUpLine =
    /failed: Error: aborted$|^\s+at ignore-listed frames \{$|^\s+code: 'ECONNRESET'$|^\}$/;
  child.stderr!.setEncoding("utf8");
  createInterface({ input: child.stderr! }).on("line", (text) => {
    if (!hangUpLine.test(text)) process.stderr.write(`${text}\n`);
    else if (text.endsWith("aborted")) aborted += 1;
  });
  child.once("exit", () => {
    if (aborted > 0)
      console.log(`  (the server logged client hang-ups at the ends of runs: ${aborted})`);
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("The app server did not start");
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    process.kill(-child.pid!, "SIGTERM");
  });
}

/** For autocannon (flat out): unique, signed deliveries. */
function deliveries(): AutocannonRequest[] {
  return [
    {
      method: "POST",
      setupRequest: (request) => ({ ...request, ...signedDelivery(SECRET) }),
      onResponse: () => {},
    },
  ];
}

/** One run's figures, from either load generator, with the server's CPU time per request it answered. */
interface Measured {
  rate: number;
  latency: { p50: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  /** From the paced runs: what the errors were (paced-load.ts). */
  errorKinds?: Record<string, number>;
  cpuMs: number | null;
  /** Of which the main thread's. */
  mainThreadCpuMs: number | null;
}

async function measured(
  pid: number,
  run: () => Promise<Omit<Measured, "cpuMs" | "mainThreadCpuMs"> & { answered: number }>,
) {
  await waitUntilIdle(pid);
  const before = [cpuSeconds(pid), cpuSeconds(pid, true)];
  const { answered, ...result } = await run();
  const drained = await waitUntilIdle(pid);
  if (drained > 1_000)
    console.log(
      `  (the server's work after its answers took ${(drained / 1000).toFixed(1)} s more)`,
    );
  const after = [cpuSeconds(pid), cpuSeconds(pid, true)];
  const perRequest = (i: number) =>
    before[i] == null || after[i] == null || answered === 0
      ? null
      : ((after[i]! - before[i]!) * 1000) / answered;
  return { ...result, cpuMs: perRequest(0), mainThreadCpuMs: perRequest(1) };
}

function fromAutocannon(r: AutocannonResult) {
  return {
    rate: r.requests.total / r.duration,
    latency: r.latency,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    answered: r.requests.total,
  };
}

function fromPaced(r: PacedResult) {
  return { ...r, answered: r.ok + r.non2xx };
}

function line(name: string, r: Measured) {
  const cpu =
    r.cpuMs == null
      ? ""
      : `  server CPU ${r.cpuMs.toFixed(1)} ms/req (main thread ${r.mainThreadCpuMs?.toFixed(1)})`;
  const kinds = Object.entries(r.errorKinds ?? {});
  const errors =
    kinds.length === 0 ? "" : ` (${kinds.map(([kind, n]) => `${kind}: ${n}`).join(", ")})`;
  return `${name.padEnd(34)} ${r.rate.toFixed(0).padStart(7)}/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(4)} ms  max ${String(r.latency.max).padStart(5)} ms  non-2xx ${r.non2xx}  errors ${r.errors}${errors}${cpu}`;
}

function ratio(a: number, b: number): string {
  return b === 0 ? "n/a" : (a / b).toFixed(2);
}

/** One database behind the receiver: the server's environment for it, and a way to read what it stored. */
interface Target {
  label: string;
  env: Record<string, string>;
  /** The alerts-off server's: a database of its own, so that its deliveries do not mix with the other's. */
  alertsOffEnv: Record<string, string>;
  openStored(): Promise<Database>;
}

interface TargetResult {
  label: string;
  pacedBase: Measured;
  pacedRecv: Measured;
  /** The same paced receiver run on a server with ALERTS_ENABLED=false. */
  pacedAlertsOff: Measured;
  flatBase: Measured;
  flatRecv: Measured;
  acked: number;
  missing: number;
}

/** Paced and flat-out runs of the receiver and the baseline against one server, then acknowledged = stored. */
async function runTarget(distDir: string, target: Target): Promise<TargetResult> {
  console.log(`\n--- ${target.label}`);
  const serverEnv = (env: Record<string, string>) => ({
    NODE_ENV: "production",
    NEXT_DIST_DIR: distDir,
    NEXT_TELEMETRY_DISABLED: "1",
    AUTH_SECRET: "bench-auth-secret-0123456789abcdef0123456789",
    AUTH_TRUST_HOST: "true",
    WEBHOOK_SECRET: SECRET,
    WEBHOOK_RATE_LIMIT_PER_MINUTE: "1000000",
    // Retention must not delete what the acknowledged = stored check reads (over 10,000 deliveries).
    WEBHOOK_RETENTION_COUNT: "10000000",
    ...env,
  });
  const port = await freePort();
  const server = await startServer(port, serverEnv(target.env));
  const alertsOffPort = await freePort();
  const alertsOff = await startServer(
    alertsOffPort,
    serverEnv({ ...target.alertsOffEnv, ALERTS_ENABLED: "false" }),
  );
  const base = `http://127.0.0.1:${port}`;
  const receiver = `${base}/api/webhooks/receive`;
  const baseline = `${base}/api/webhooks/receive/bench-baseline`;
  const acked = new Map<string, string>();
  let pacedBase: Measured, pacedRecv: Measured, pacedAlertsOff: Measured;
  let flatBase: Measured, flatRecv: Measured;
  try {
    // Warm-up, not measured: the first requests load the routes and open the database, and V8 needs some
    // thousands of deliveries before the hot paths are optimised (a cold server's first 10 s are slower).
    const alertsOffReceiver = `http://127.0.0.1:${alertsOffPort}/api/webhooks/receive`;
    for (const url of [receiver, baseline, alertsOffReceiver]) {
      await autocannon({ url, connections: 4, duration: 3, requests: deliveries() });
      await sendPaced({ url, rate: PACED_RATE, seconds: WARM_UP_SECONDS, secret: SECRET });
    }

    console.log(
      `Paced: ${PACED_RATE} deliveries/s for ${PACED_SECONDS} s each, evenly spaced (latency from when each was due), sent at nice 10`,
    );
    const paced = (url: string, map?: Map<string, string>, pid = server.pid!) =>
      measured(pid, async () => {
        const sent = await sendPaced({
          url,
          rate: PACED_RATE,
          seconds: PACED_SECONDS,
          secret: SECRET,
        });
        for (const [id, sha256] of sent.acked) map?.set(id, sha256);
        return fromPaced(sent.result);
      });
    pacedBase = await paced(baseline);
    console.log(line("  baseline (HMAC, no storing)", pacedBase));
    pacedRecv = await paced(receiver, acked);
    console.log(line("  receiver (HMAC + durable store)", pacedRecv));
    pacedAlertsOff = await paced(alertsOffReceiver, undefined, alertsOff.pid!);
    console.log(line("  receiver, ALERTS_ENABLED=false", pacedAlertsOff));

    console.log(`Flat out: 20 connections for ${FLAT_SECONDS} s each`);
    const flat = (url: string) =>
      measured(server.pid!, async () =>
        fromAutocannon(
          await autocannon({
            url,
            connections: 20,
            duration: FLAT_SECONDS,
            requests: deliveries(),
          }),
        ),
      );
    flatBase = await flat(baseline);
    console.log(line("  baseline (HMAC, no storing)", flatBase));
    flatRecv = await flat(receiver);
    console.log(line("  receiver (HMAC + durable store)", flatRecv));
  } finally {
    await stopServer(server);
    await stopServer(alertsOff);
  }

  // Acknowledged = stored: every id answered 200 during the paced run is in the database.
  const database = await target.openStored();
  let missing: number;
  try {
    const rows = await database.db.query.webhookDeliveries.findMany({
      columns: { id: true, bodySha256: true },
    });
    const stored = new Map(rows.map((r) => [String(r.id), r.bodySha256]));
    missing = [...acked].filter(([id, sha256]) => stored.get(id) !== sha256).length;
  } finally {
    await database.close();
  }
  const result = { label: target.label, pacedBase, pacedRecv, pacedAlertsOff, flatBase, flatRecv };
  console.log(summary({ ...result, acked: acked.size, missing }));
  return { ...result, acked: acked.size, missing };
}

function summary(r: TargetResult): string {
  const met = r.pacedRecv.latency.p99 < 100 && r.pacedRecv.non2xx + r.pacedRecv.errors === 0;
  return (
    `Ratio receiver/baseline: throughput ${ratio(r.flatRecv.rate, r.flatBase.rate)}, ` +
    `p99 at ${PACED_RATE}/s ${ratio(r.pacedRecv.latency.p99, r.pacedBase.latency.p99)} ` +
    `(goal: receiver p99 < 100 ms at ${PACED_RATE}/s: ${met ? "met" : "NOT met"})\n` +
    `Acknowledged in the paced receiver run: ${r.acked}; stored with the same SHA-256: ${r.acked - r.missing}; missing: ${r.missing}` +
    (r.missing === 0 ? " (acknowledged = stored)" : " (LOST DELIVERIES)") +
    `\nAlert rules after each delivery: ${alertsCpuText(r)}`
  );
}

/** Server CPU per delivery that evaluating the alert rules adds (alerts on − alerts off); null without /proc. */
function alertsCpuMs(r: TargetResult): number | null {
  return r.pacedRecv.cpuMs == null || r.pacedAlertsOff.cpuMs == null
    ? null
    : r.pacedRecv.cpuMs - r.pacedAlertsOff.cpuMs;
}

function alertsCpuText(r: TargetResult): string {
  const added = alertsCpuMs(r);
  return added == null
    ? "server CPU not measured (no /proc)"
    : `${added >= 0 ? "+" : ""}${added.toFixed(2)} ms server CPU per delivery at ${PACED_RATE}/s ` +
        `(${r.pacedRecv.cpuMs!.toFixed(2)} on, ${r.pacedAlertsOff.cpuMs!.toFixed(2)} off; goal under 2 ms: ${added < 2 ? "met" : "NOT met"})`;
}

export default async function receiverBench(): Promise<Figure[]> {
  const distDir = process.env.NEXT_DIST_DIR ?? ".next-bench";
  ensureBuild(distDir);
  const results: TargetResult[] = [];

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "receiver-bench-"));
  const pgliteDir = path.join(dataDir, "pglite");
  try {
    results.push(
      await runTarget(distDir, {
        label: "PGlite (embedded, in a worker thread of the server)",
        env: { PGLITE_DATA_DIR: pgliteDir },
        alertsOffEnv: { PGLITE_DATA_DIR: path.join(dataDir, "pglite-alerts-off") },
        openStored: () => openDatabase({ kind: "pglite", dataDir: pgliteDir }),
      }),
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  // A real PostgreSQL in its own processes, as a deployment uses; fsync stays on, so a commit is durable.
  const postgres = await startThrowawayPostgres({ fsync: true });
  if (!postgres) {
    console.log(
      "\n--- PostgreSQL: skipped (no initdb/pg_ctl found; install postgresql or set TEST_DATABASE_URL)",
    );
  } else {
    try {
      results.push(
        await runTarget(distDir, {
          label: "PostgreSQL (DATABASE_URL, separate server processes, fsync on)",
          env: { DATABASE_URL: postgres.url },
          // One PostgreSQL server, as two instances share it; the alerts-off server's rows are told apart by id.
          alertsOffEnv: { DATABASE_URL: postgres.url },
          openStored: () => openDatabase({ kind: "postgres", url: postgres.url }),
        }),
      );
    } finally {
      await postgres.stop();
    }
  }

  console.log("\nSummary (receiver; ratio = receiver / baseline on the same server)");
  for (const r of results) {
    console.log(
      `  ${r.label.split(" (")[0]!.padEnd(11)} paced ${PACED_RATE}/s p50 ${r.pacedRecv.latency.p50} ms p99 ${r.pacedRecv.latency.p99} ms (x${ratio(r.pacedRecv.latency.p99, r.pacedBase.latency.p99)})` +
        `  flat out ${r.flatRecv.rate.toFixed(0)}/s (x${ratio(r.flatRecv.rate, r.flatBase.rate)})` +
        `  acknowledged ${r.acked}, missing ${r.missing}` +
        (r.flatRecv.cpuMs == null || r.flatBase.cpuMs == null
          ? ""
          : `  server CPU ${r.flatRecv.cpuMs.toFixed(1)} ms/delivery (baseline ${r.flatBase.cpuMs.toFixed(1)})`) +
        `\n              alert rules: ${alertsCpuText(r)}`,
    );
  }
  return results.flatMap((r): Figure[] => {
    const key = r.label.startsWith("PGlite") ? "pglite" : "postgres";
    const name = key === "pglite" ? "PGlite" : "PostgreSQL";
    const baseline = "HMAC route, no storing";
    const alertsCpu = alertsCpuMs(r);
    return [
      ...(alertsCpu == null
        ? []
        : [
            {
              id: `receiver.${key}.paced.alerts-cpu`,
              label: `Receiver, ${name}: server CPU the alert rules add per delivery at ${PACED_RATE}/s`,
              value: alertsCpu,
              unit: "ms" as const,
              baseline: {
                label: "server CPU per delivery, ALERTS_ENABLED=false",
                value: r.pacedAlertsOff.cpuMs!,
              },
            },
          ]),
      {
        id: `receiver.${key}.paced.p99`,
        label: `Receiver, ${name}: p99 at ${PACED_RATE} deliveries/s`,
        value: r.pacedRecv.latency.p99,
        unit: "ms",
        baseline: { label: baseline, value: r.pacedBase.latency.p99 },
      },
      {
        id: `receiver.${key}.paced.p50`,
        label: `Receiver, ${name}: p50 at ${PACED_RATE} deliveries/s`,
        value: r.pacedRecv.latency.p50,
        unit: "ms",
        baseline: { label: baseline, value: r.pacedBase.latency.p50 },
      },
      {
        id: `receiver.${key}.flat-out`,
        label: `Receiver, ${name}: flat out, 20 connections`,
        value: r.flatRecv.rate,
        unit: "req/s",
        baseline: { label: baseline, value: r.flatBase.rate },
      },
      {
        id: `receiver.${key}.stored`,
        label: `Receiver, ${name}: stored ÷ acknowledged (${r.acked} acknowledged)`,
        value: r.acked === 0 ? 0 : (r.acked - r.missing) / r.acked,
        unit: "ratio",
      },
    ];
  });
}
