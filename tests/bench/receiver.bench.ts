/**
 * `npm run bench -- receiver`: the webhook receiver (`POST /api/webhooks/receive`: read, analyse, verify,
 * store durably, answer) side by side with a baseline route doing the same work without the database
 * (`/api/webhooks/receive/bench-baseline`, served only with ENABLE_BENCH_ROUTES=true). The ratio is what
 * storing costs.
 *
 * Two measurements per route, in one run against one server (its own `next start` from the build in
 * NEXT_DIST_DIR, built if missing, on a free port, with a fresh embedded PGlite database):
 *   1. paced: 200 deliveries/s for 30 s (goal: p99 under 100 ms), every body unique and signed;
 *   2. flat out: as many deliveries/s as 20 connections get through in 10 s.
 * Then the server is stopped and the database read directly: every delivery answered 200 must be stored
 * with the same SHA-256 (acknowledged = stored).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { execFileSync } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../../lib/db/connect";
import { DEFAULT_SCHEME, sign } from "../../lib/webhooks/signature";

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

function ensureBuild(distDir: string) {
  const route = path.join(distDir, "server/app/api/webhooks/receive/bench-baseline");
  if (fs.existsSync(path.join(distDir, "BUILD_ID")) && fs.existsSync(route)) return;
  console.log(`No current production build in ${distDir}: running next build (a few minutes)...`);
  execFileSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_DIST_DIR: distDir },
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

async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ["node_modules/next/dist/bin/next", "start", "-p", String(port)],
    { env: { ...process.env, ...env }, detached: true, stdio: ["ignore", "ignore", "inherit"] },
  );
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

/** Unique, signed deliveries; records the id and body hash of every 200. */
function deliveries(acked?: Map<string, string>): AutocannonRequest[] {
  return [
    {
      method: "POST",
      setupRequest: (request, context) => {
        const body = JSON.stringify({
          event: "task.completed",
          data: {
            task_id: randomUUID(),
            project_id: "p_bench",
            title: "Benchmark task",
            completed_at: "2026-03-01T10:00:00Z",
          },
          timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, "Z"),
        });
        context.sha256 = createHash("sha256").update(body).digest("hex");
        return {
          ...request,
          body,
          headers: {
            "content-type": "application/json",
            "x-webhook-signature": sign(body, SECRET, DEFAULT_SCHEME),
          },
        };
      },
      onResponse: (status, body, context) => {
        if (status === 200 && acked)
          acked.set(String((JSON.parse(body) as { id: string }).id), context.sha256!);
      },
    },
  ];
}

function line(name: string, r: AutocannonResult) {
  return `${name.padEnd(34)} ${(r.requests.total / r.duration).toFixed(0).padStart(7)}/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(4)} ms  max ${String(r.latency.max).padStart(5)} ms  non-2xx ${r.non2xx}  errors ${r.errors + r.timeouts}`;
}

export default async function receiverBench() {
  const distDir = process.env.NEXT_DIST_DIR ?? ".next";
  ensureBuild(distDir);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "receiver-bench-"));
  const pgliteDir = path.join(dataDir, "pglite");
  const port = await freePort();
  const server = await startServer(port, {
    NODE_ENV: "production",
    NEXT_DIST_DIR: distDir,
    NEXT_TELEMETRY_DISABLED: "1",
    AUTH_SECRET: "bench-auth-secret-0123456789abcdef0123456789",
    AUTH_TRUST_HOST: "true",
    PGLITE_DATA_DIR: pgliteDir,
    WEBHOOK_SECRET: SECRET,
    WEBHOOK_RATE_LIMIT_PER_MINUTE: "1000000",
    ENABLE_BENCH_ROUTES: "true",
  });
  const base = `http://127.0.0.1:${port}`;
  const receiver = `${base}/api/webhooks/receive`;
  const baseline = `${base}/api/webhooks/receive/bench-baseline`;
  const acked = new Map<string, string>();
  try {
    // Warm-up: first requests compile routes, open the database and run migrations.
    await autocannon({ url: receiver, connections: 4, duration: 3, requests: deliveries() });
    await autocannon({ url: baseline, connections: 4, duration: 3, requests: deliveries() });

    console.log(`Paced: ${PACED_RATE} deliveries/s for ${PACED_SECONDS} s each`);
    const pacedBase = await autocannon({
      url: baseline,
      connections: 20,
      duration: PACED_SECONDS,
      overallRate: PACED_RATE,
      requests: deliveries(),
    });
    console.log(line("  baseline (HMAC, no storing)", pacedBase));
    const pacedRecv = await autocannon({
      url: receiver,
      connections: 20,
      duration: PACED_SECONDS,
      overallRate: PACED_RATE,
      requests: deliveries(acked),
    });
    console.log(line("  receiver (HMAC + durable store)", pacedRecv));

    console.log(`Flat out: 20 connections for ${FLAT_SECONDS} s each`);
    const flatBase = await autocannon({
      url: baseline,
      connections: 20,
      duration: FLAT_SECONDS,
      requests: deliveries(),
    });
    console.log(line("  baseline (HMAC, no storing)", flatBase));
    const flatRecv = await autocannon({
      url: receiver,
      connections: 20,
      duration: FLAT_SECONDS,
      requests: deliveries(),
    });
    console.log(line("  receiver (HMAC + durable store)", flatRecv));

    const ratio = (a: number, b: number) => (b === 0 ? "n/a" : (a / b).toFixed(2));
    console.log(
      `Ratio receiver/baseline: throughput ${ratio(flatRecv.requests.total / flatRecv.duration, flatBase.requests.total / flatBase.duration)}, ` +
        `p99 at ${PACED_RATE}/s ${ratio(pacedRecv.latency.p99, pacedBase.latency.p99)} ` +
        `(goal: receiver p99 < 100 ms at ${PACED_RATE}/s: ${pacedRecv.latency.p99 < 100 ? "met" : "NOT met"})`,
    );
  } finally {
    await stopServer(server);
  }

  // Acknowledged = stored: every id answered 200 during the paced run is in the database.
  const database = await openDatabase({ kind: "pglite", dataDir: pgliteDir });
  try {
    const rows = await database.db.query.webhookDeliveries.findMany({
      columns: { id: true, bodySha256: true },
    });
    const stored = new Map(rows.map((r) => [String(r.id), r.bodySha256]));
    const missing = [...acked].filter(([id, sha256]) => stored.get(id) !== sha256);
    console.log(
      `Acknowledged in the paced receiver run: ${acked.size}; stored with the same SHA-256: ${acked.size - missing.length}; missing: ${missing.length}` +
        (missing.length === 0 ? " (acknowledged = stored)" : " (LOST DELIVERIES)"),
    );
    if (missing.length > 0) process.exitCode = 1;
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
