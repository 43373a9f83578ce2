/**
 * The receiver flat out on the embedded database, for two or more checkouts of this repository side by side
 * (one server each, measured in alternating rounds so that the machine's load falls on all of them alike).
 * It is how a change to the database driver is compared with the code it replaces, which `npm run bench`
 * cannot do (it measures one checkout). Not a `*.bench.ts`: `npm run bench` does not run it.
 *
 *   git worktree add /tmp/before <commit> && (cd /tmp/before && npm install)
 *   npx tsx tests/bench/receiver-side-by-side.ts before=/tmp/before after=.
 *
 * Each argument is `label=checkout[:NAME=value,...]` (variables added to that server's environment). Each
 * checkout needs a production build in `.next-bench` (`npm run bench -- receiver` there makes one). ROUNDS
 * (default 3) sets the rounds of 10 s, after one warm-up of 8 s.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { cpuSeconds } from "./cpu";
import { signedDelivery } from "./webhook-sender";

type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  requests: { method: string; setupRequest: (r: object) => object }[];
}) => Promise<{
  requests: { total: number };
  latency: { p99: number };
  non2xx: number;
  duration: number;
}>;

// autocannon ships no types; it is a CommonJS module.
const autocannon = createRequire(path.join(process.cwd(), "package.json"))(
  "autocannon",
) as Autocannon;

const SECRET = "bench-receiver-secret";

interface Contender {
  label: string;
  checkout: string;
  env: Record<string, string>;
  port: number;
  server?: ChildProcess;
}

function parse(arg: string, index: number): Contender {
  const match = /^([^=]+)=([^:]+)(?::(.*))?$/.exec(arg);
  if (!match) throw new Error(`Expected label=checkout[:NAME=value,...], got "${arg}".`);
  const [, label, checkout, vars = ""] = match as unknown as [string, string, string, string?];
  const env = Object.fromEntries(
    vars
      .split(",")
      .filter(Boolean)
      .map((pair) => pair.split("=", 2) as [string, string]),
  );
  const dir = path.resolve(checkout);
  if (!fs.existsSync(path.join(dir, ".next-bench/BUILD_ID")))
    throw new Error(`${dir} has no build in .next-bench: run "npm run bench -- receiver" there.`);
  return { label, checkout: dir, env, port: 39_100 + index };
}

async function start(contender: Contender) {
  const data = fs.mkdtempSync(path.join(os.tmpdir(), "receiver-side-by-side-"));
  contender.server = spawn(
    process.execPath,
    ["node_modules/next/dist/bin/next", "start", "-p", String(contender.port)],
    {
      cwd: contender.checkout,
      detached: true,
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        DATABASE_URL: "",
        PGLITE_DATA_DIR: path.join(data, "db"),
        NODE_ENV: "production",
        NEXT_DIST_DIR: ".next-bench",
        NEXT_TELEMETRY_DISABLED: "1",
        AUTH_SECRET: "bench-auth-secret-0123456789abcdef0123456789",
        AUTH_TRUST_HOST: "true",
        WEBHOOK_SECRET: SECRET,
        WEBHOOK_RATE_LIMIT_PER_MINUTE: "1000000",
        WEBHOOK_RETENTION_COUNT: "10000000",
        ...contender.env,
      },
    },
  );
  for (let attempt = 0; attempt < 300; attempt++) {
    const ready = await fetch(`http://127.0.0.1:${contender.port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${contender.label} did not answer /api/health within a minute.`);
}

async function flatOut(contender: Contender, seconds: number) {
  const pid = contender.server!.pid!;
  const cpuBefore = cpuSeconds(pid) ?? NaN;
  const result = await autocannon({
    url: `http://127.0.0.1:${contender.port}/api/webhooks/receive`,
    connections: 20,
    duration: seconds,
    requests: [
      { method: "POST", setupRequest: (request) => ({ ...request, ...signedDelivery(SECRET) }) },
    ],
  });
  const total = result.requests.total;
  return {
    rate: total / result.duration,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    cpuPerDelivery: (((cpuSeconds(pid) ?? NaN) - cpuBefore) * 1000) / total,
  };
}

async function main() {
  const contenders = process.argv.slice(2).map(parse);
  if (contenders.length < 2)
    throw new Error("Give at least two checkouts: label=dir label=dir ...");
  try {
    for (const contender of contenders) await start(contender);
    for (const contender of contenders) await flatOut(contender, 8);
    const rates = new Map(contenders.map((c) => [c.label, [] as number[]]));
    for (let round = 0; round < Number(process.env.ROUNDS ?? 3); round++) {
      for (const contender of contenders) {
        const r = await flatOut(contender, 10);
        rates.get(contender.label)!.push(r.rate);
        console.log(
          `${contender.label.padEnd(12)} round ${round}: ${r.rate.toFixed(0)}/s  p99 ${r.p99} ms  ` +
            `non-2xx ${r.non2xx}  server CPU ${r.cpuPerDelivery.toFixed(2)} ms/delivery`,
        );
      }
    }
    for (const [label, values] of rates) {
      const sorted = [...values].sort((a, b) => a - b);
      console.log(
        `${label.padEnd(12)} median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)}/s`,
      );
    }
  } finally {
    for (const contender of contenders) {
      try {
        process.kill(-contender.server!.pid!, "SIGTERM");
      } catch {
        // Already gone.
      }
    }
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
