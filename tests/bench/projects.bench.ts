/**
 * `npm run bench -- projects.bench`: what one `GET /api/projects` costs the server, warm (the snapshot
 * stored and encoded), at 300 and at 100,000 projects, as a browser asks (`Accept-Encoding: gzip, deflate,
 * br`, the session cookie). Server CPU time per request (/proc, all threads of the serving process: the
 * embedded database's included) is the figure: unlike latency, it does not move when the load generator
 * takes a core. Measured side by side, in alternating rounds, with:
 *   - `/api/health` (300 only): public, no session, a tiny JSON; the goal is /api/projects within 2× of it;
 *   - `/api/bench/projects`: a bare route of the same server with no session check answering the same
 *     bytes from memory (bench builds only: see next.config.js): the ratio to it is what the session check
 *     and the shared snapshot cost;
 *   - for the record, a plain Node HTTP server (plain-projects-server.ts) answering the same bytes: what the
 *     framework and the proxy cost on top;
 *   - `/api/projects` revalidated: If-None-Match with the current tag, answered 304.
 * Goals (tests/bench/budgets.ts): under 20 ms CPU per request at 100,000; at 300, within 2× /api/health.
 *
 * Each size gets its own simulator and `next start` (the build in NEXT_DIST_DIR, built if missing, embedded
 * PGlite, free ports), signs in as the e2e admin through next-auth's credentials endpoint, and checks that
 * every route answers the same bytes before measuring.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { startSimulator } from "../../lib/simulator";
import { ensureBuild, freePort, startApp, type AppServer } from "../support/app-server";
import { signInCookie } from "../support/sign-in";
import { cpuSeconds } from "./cpu";
import type { Figure } from "./report";

/**
 * The load: `connections` keep-alive clients, each sending its next request when the last answer has been
 * read to the end, for `seconds`. Not autocannon: its parser spends more CPU than the server on 4 MB bodies,
 * and on 2 shared cores that starves the server it measures.
 */
async function load(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
): Promise<{ total: number; statuses: Map<number, number>; duration: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const statuses = new Map<number, number>();
  let total = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      http
        .get(url, { agent, headers }, (response) => {
          response.on("data", () => {});
          response.on("end", () => {
            const status = response.statusCode ?? 0;
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            total += 1;
            resolve();
          });
          response.on("error", reject);
        })
        .on("error", reject);
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) await one();
    }),
  );
  agent.destroy();
  return { total, statuses, duration: (performance.now() - started) / 1000 };
}

const KEY = "sim_bench_projects_key";
const ROUNDS = 3;
const SECONDS = 5;
const BROWSER_ENCODINGS = "gzip, deflate, br";
const CODINGS = ["br", "gzip", "identity"] as const;

interface Target {
  url: string;
  headers: Record<string, string>;
  pid: number;
  /** The status every answer must have. */
  status: 200 | 304;
}

interface Measured {
  cpuMs: number;
  rps: number;
}

/** One run against a target: CPU ms of its serving process per answered request, and req/s. */
async function run(target: Target, connections: number, seconds: number): Promise<Measured> {
  const before = cpuSeconds(target.pid);
  const result = await load(target.url, target.headers, connections, seconds);
  const after = cpuSeconds(target.pid);
  const expected = result.statuses.get(target.status) ?? 0;
  if (expected !== result.total || result.total === 0) {
    throw new Error(
      `${target.url}: ${result.total} answered, ${expected} with ${target.status}: ${JSON.stringify([...result.statuses])}`,
    );
  }
  if (before === null || after === null) throw new Error("CPU time needs /proc (Linux)");
  return { cpuMs: ((after - before) * 1000) / result.total, rps: result.total / result.duration };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** Alternating rounds (the order flips each round, so that none always runs on a warmer server). */
async function measure(
  targets: Record<string, Target>,
  connections: number,
): Promise<Record<string, Measured>> {
  for (const target of Object.values(targets)) await run(target, connections, 2); // warm-up
  const samples = Object.fromEntries(Object.keys(targets).map((name) => [name, [] as Measured[]]));
  for (let round = 0; round < ROUNDS; round++) {
    const order = Object.entries(targets);
    if (round % 2) order.reverse();
    for (const [name, target] of order)
      samples[name]!.push(await run(target, connections, SECONDS));
  }
  return Object.fromEntries(
    Object.entries(samples).map(([name, runs]) => [
      name,
      { cpuMs: median(runs.map((r) => r.cpuMs)), rps: median(runs.map((r) => r.rps)) },
    ]),
  );
}

/** node:http, not fetch: the bytes as sent, before any decoding. */
async function fetchRaw(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; etag: string; coding: string; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              etag: String(response.headers.etag ?? ""),
              coding: String(response.headers["content-encoding"] ?? "identity"),
              body: Buffer.concat(chunks),
            }),
          );
        })
        .on("error", reject);
    },
  );
}

async function startPlainServer(dir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      path.join(process.cwd(), "tests/bench/plain-projects-server.ts"),
      dir,
      String(port),
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`plain server exited with ${code}`)));
    createInterface({ input: child.stdout! }).once("line", () => resolve());
  });
  return { url: `http://127.0.0.1:${port}/`, child };
}

async function stopPlainServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.removeAllListeners("exit");
  await new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/**
 * The first answer of a new snapshot goes out before its brotli bytes exist (they follow in the background;
 * lib/upstream): the bench measures the snapshot as every later request gets it, so it waits for them.
 */
async function waitForBrotli(app: AppServer, cookie: string) {
  const started = performance.now();
  for (;;) {
    const answer = await fetchRaw(`${app.url}/api/projects`, { cookie, "accept-encoding": "br" });
    if (answer.status !== 200) throw new Error(`/api/projects answered ${answer.status}`);
    if (answer.coding === "br") return performance.now() - started;
    if (performance.now() - started > 120_000)
      throw new Error("/api/projects sent no brotli within 120 s of its first answer");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The same bytes from /api/projects and the bare route, per coding: the baselines serve exactly these. */
async function sameBytes(app: AppServer, cookie: string, dir: string) {
  const waited = await waitForBrotli(app, cookie);
  console.log(
    `  the snapshot's brotli bytes were served ${(waited / 1000).toFixed(1)} s after the first request`,
  );
  const etags: Record<string, string> = {};
  const sizes: Record<string, number> = {};
  for (const coding of CODINGS) {
    const real = await fetchRaw(`${app.url}/api/projects`, { cookie, "accept-encoding": coding });
    const bare = await fetchRaw(`${app.url}/api/bench/projects`, { "accept-encoding": coding });
    if (real.status !== 200) throw new Error(`/api/projects answered ${real.status}`);
    if (real.coding !== coding) throw new Error(`/api/projects sent ${real.coding} for ${coding}`);
    if (!real.body.equals(bare.body) || real.etag !== bare.etag)
      throw new Error(`/api/projects and the bare route differ in ${coding}`);
    fs.writeFileSync(path.join(dir, `${coding}.bin`), real.body);
    etags[coding] = real.etag;
    sizes[coding] = real.body.length;
  }
  fs.writeFileSync(path.join(dir, "etags.json"), JSON.stringify(etags));
  return { etags, sizes };
}

async function measureSize(projects: number): Promise<Figure[]> {
  const key = projects >= 100_000 ? "100k" : String(projects);
  const count = projects.toLocaleString("en");
  const sim = await startSimulator({ projects, seed: 1, keys: [KEY] });
  const app = await startApp({
    env: {
      PROJECTS_API_BASE_URL: sim.baseUrl,
      PROJECTS_API_KEY: KEY,
      // Warm for the whole run: this measures serving the snapshot, not refreshing it.
      PROJECTS_CACHE_TTL_SECONDS: "3600",
      // 100,000 projects take the simulator and the validation a while on a shared machine.
      UPSTREAM_ATTEMPT_TIMEOUT_MS: "60000",
      UPSTREAM_DEADLINE_MS: "120000",
    },
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "console-bench-projects-"));
  let plain: { url: string; child: ChildProcess } | undefined;
  try {
    const cookie = await signInCookie(app.url);
    const { etags, sizes } = await sameBytes(app, cookie, dir);
    plain = await startPlainServer(dir);
    console.log(
      `${count} projects: ${(sizes.identity! / 1024).toFixed(0)} KiB JSON, br ${(sizes.br! / 1024).toFixed(0)} KiB, gzip ${(sizes.gzip! / 1024).toFixed(0)} KiB; ` +
        `${ROUNDS} alternating rounds of ${SECONDS} s per route`,
    );
    const browser = { "accept-encoding": BROWSER_ENCODINGS };
    const targets: Record<string, Target> = {
      projects: {
        url: `${app.url}/api/projects`,
        headers: { ...browser, cookie },
        pid: app.pid,
        status: 200,
      },
      revalidated: {
        url: `${app.url}/api/projects`,
        headers: { ...browser, cookie, "if-none-match": etags.br! },
        pid: app.pid,
        status: 304,
      },
      bare: { url: `${app.url}/api/bench/projects`, headers: browser, pid: app.pid, status: 200 },
      node: { url: plain.url, headers: browser, pid: plain.child.pid!, status: 200 },
    };
    if (key === "300") {
      targets.health = {
        url: `${app.url}/api/health`,
        headers: browser,
        pid: app.pid,
        status: 200,
      };
    }
    const m = await measure(targets, key === "300" ? 8 : 2);
    for (const [name, { cpuMs, rps }] of Object.entries(m)) {
      console.log(
        `  ${name.padEnd(12)} ${cpuMs.toFixed(2).padStart(7)} ms CPU/request  ${rps.toFixed(0).padStart(6)} req/s`,
      );
    }

    const figures: Figure[] = [
      {
        id: `projects.${key}.cpu`,
        label: `/api/projects, ${count} projects, warm, br: server CPU per request`,
        value: m.projects!.cpuMs,
        unit: "ms",
        baseline: m.health
          ? { label: "/api/health", value: m.health.cpuMs }
          : { label: "bare route, no session, same bytes", value: m.bare!.cpuMs },
      },
      {
        id: `projects.${key}.rps`,
        label: `/api/projects, ${count} projects: requests per second`,
        value: m.projects!.rps,
        unit: "req/s",
        baseline: { label: "bare route, no session, same bytes", value: m.bare!.rps },
      },
      {
        id: `projects.${key}.vs-bare`,
        label: `/api/projects ÷ bare route (no session, from memory), ${count}: CPU per request`,
        value: m.projects!.cpuMs / m.bare!.cpuMs,
        unit: "ratio",
      },
      {
        id: `projects.${key}.bare.cpu`,
        label: `Bare Next route, ${count} projects, same bytes: CPU per request`,
        value: m.bare!.cpuMs,
        unit: "ms",
        baseline: { label: "plain Node http server", value: m.node!.cpuMs },
      },
      {
        id: `projects.${key}.revalidated.cpu`,
        label: `/api/projects, ${count}, If-None-Match → 304: CPU per request`,
        value: m.revalidated!.cpuMs,
        unit: "ms",
        baseline: { label: "200 with the body", value: m.projects!.cpuMs },
      },
      {
        id: `projects.${key}.br-size`,
        label: `/api/projects, ${count} projects: brotli body`,
        value: sizes.br! / 1024,
        unit: "KB",
        baseline: { label: "JSON", value: sizes.identity! / 1024 },
      },
    ];
    if (m.health) {
      figures.splice(1, 0, {
        id: `projects.${key}.cpu-vs-health`,
        label: `/api/projects ÷ /api/health, ${count} projects: CPU per request`,
        value: m.projects!.cpuMs / m.health.cpuMs,
        unit: "ratio",
      });
    }
    return figures;
  } finally {
    if (plain) await stopPlainServer(plain.child);
    fs.rmSync(dir, { recursive: true, force: true });
    await app.stop();
    await sim.close();
  }
}

export default async function projectsBench(): Promise<Figure[]> {
  ensureBuild();
  return [...(await measureSize(300)), ...(await measureSize(100_000))];
}
