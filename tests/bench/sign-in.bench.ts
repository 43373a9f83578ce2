/**
 * `npm run bench -- sign-in`: does the time of a failed sign-in tell whether the email is a member? Failed
 * sign-ins for a member (wrong password) and for unknown emails, interleaved, through the real endpoint
 * (`POST /api/auth/callback/credentials`) of a production server of its own (`next start` from the build in
 * NEXT_DIST_DIR, built if missing, free port, fresh embedded database). Every attempt comes from its own
 * client address and the limit is raised, so the lock-out never answers instead of the password check.
 * The ratio of the medians should be close to 1: an unknown email costs one scrypt verification too.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const ROUNDS = 40;
const MEMBER = { email: "bench-admin@example.test", password: "bench-admin-password-1" };

function ensureBuild(distDir: string) {
  if (fs.existsSync(path.join(distDir, "BUILD_ID"))) return;
  console.log(`No production build in ${distDir}: running next build (a few minutes)...`);
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

/** One failed sign-in through next-auth's endpoint, as a client would do it (CSRF token first). */
async function failedSignIn(base: string, email: string, address: string): Promise<number> {
  const headers = { "x-forwarded-for": address };
  const csrf = await fetch(`${base}/api/auth/csrf`, { headers });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const started = performance.now();
  const response = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers, cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password: "not-the-password", csrfToken }),
  });
  const elapsed = performance.now() - started;
  const code = new URL(response.headers.get("location") ?? "", base).searchParams.get("code");
  if (code !== "invalid") throw new Error(`expected a refused sign-in, got code ${code}`);
  return elapsed;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export default async function signInBench() {
  const distDir = process.env.NEXT_DIST_DIR ?? ".next";
  ensureBuild(distDir);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sign-in-bench-"));
  const port = await freePort();
  const server = await startServer(port, {
    NODE_ENV: "production",
    NEXT_DIST_DIR: distDir,
    NEXT_TELEMETRY_DISABLED: "1",
    AUTH_SECRET: "bench-auth-secret-0123456789abcdef0123456789",
    AUTH_TRUST_HOST: "true",
    AUTH_URL: `http://127.0.0.1:${port}`,
    ADMIN_EMAIL: MEMBER.email,
    ADMIN_PASSWORD: MEMBER.password,
    PGLITE_DATA_DIR: path.join(dataDir, "pglite"),
    SIGN_IN_MAX_ATTEMPTS: "1000",
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    // Warm-up: compiles the route, opens and migrates the database, creates the member.
    for (let i = 0; i < 3; i++) {
      await failedSignIn(base, MEMBER.email, `192.0.2.${i}`);
      await failedSignIn(base, `warm-${i}@example.test`, `192.0.2.${100 + i}`);
    }
    const member: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const address = (n: number) => `198.18.${Math.floor(n / 250)}.${n % 250}`;
      member.push(await failedSignIn(base, MEMBER.email, address(2 * i)));
      unknown.push(await failedSignIn(base, `nobody-${i}@example.test`, address(2 * i + 1)));
    }
    const row = (name: string, values: number[]) =>
      `${name.padEnd(30)} median ${percentile(values, 50).toFixed(0).padStart(5)} ms  p90 ${percentile(values, 90).toFixed(0).padStart(5)} ms`;
    console.log(`${ROUNDS} failed sign-ins each, interleaved:`);
    console.log(row("  member, wrong password", member));
    console.log(row("  unknown email (baseline)", unknown));
    const ratio = percentile(unknown, 50) / percentile(member, 50);
    console.log(
      `  ratio unknown/member (medians): ${ratio.toFixed(2)} (1.00 = no timing hint; goal 0.8 to 1.25)`,
    );
  } finally {
    if (server.exitCode === null) process.kill(-server.pid!, "SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
