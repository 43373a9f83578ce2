import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { E2E, vercelStackEnv } from "./e2e-env";

/**
 * App servers of a test's or a benchmark's own: the production build (NEXT_DIST_DIR) on a free port, with its
 * own database and settings, its output captured, behind the project's own server (server.ts, as `npm start`
 * runs it) or, as on Vercel, `next start` alone. The end-to-end stack's shared server is started by
 * playwright.config.ts instead; these are for tests that need another configuration, several instances, or a
 * server they may kill.
 */

const NEXT_BIN = path.join(process.cwd(), "node_modules/next/dist/bin/next");

/**
 * The command line that serves the build on `port`: `node --import tsx server.ts` (one process: its pid is
 * the server's, for the benches' CPU figures), or `next start` where no server of ours runs (Vercel).
 */
export function serveCommand(port: number, front: AppFront): string[] {
  return front === "own-server"
    ? ["--import", "tsx", path.join(process.cwd(), "server.ts"), "-p", String(port)]
    : [NEXT_BIN, "start", "-p", String(port)];
}

/**
 * What stands in front of Next.js: the project's own server, or nothing (`next start`), as on Vercel, where
 * Vercel's runtime calls the app and no server of ours runs.
 */
export type AppFront = "own-server" | "next-start";

export function distDir(): string {
  return process.env.NEXT_DIST_DIR ?? ".next";
}

/** A TCP port that was free a moment ago. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Benchmarks run outside `npm test`: build first when there is no production build yet. */
export function ensureBuild(): void {
  const benchRoutes = process.env.NEXT_BENCH_ROUTES === "1";
  const marker = benchRoutes ? "server/app/api/bench/projects" : "BUILD_ID";
  if (
    fs.existsSync(path.join(distDir(), "BUILD_ID")) &&
    fs.existsSync(path.join(distDir(), marker))
  )
    return;
  console.log(`No production build in ${distDir()}: running next build...`);
  execFileSync(process.execPath, [NEXT_BIN, "build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
}

export interface AppServer {
  /** http://localhost:<port>: one host name everywhere, since sign-in cookies and callbacks depend on it. */
  url: string;
  port: number;
  /** The server process (it answers HTTP itself): for CPU time read from /proc by the benches. */
  pid: number;
  /** Everything the server wrote to stdout and stderr so far. */
  output(): string;
  /** Ends the server (SIGTERM, SIGKILL after 5 s) and removes its temporary database. */
  stop(): Promise<void>;
  /** Kills every process of the server at once, like a crash; its database stays for a restart. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

export interface AppServerOptions {
  /** Environment on top of the defaults (test secrets, the e2e admin, a fresh PGlite folder). */
  env?: Record<string, string>;
  /** The embedded database's folder, kept after the server ends; default a temporary one, removed at stop. */
  dataDir?: string;
  /** Default: a free port. Pass one to restart a server where it was. */
  port?: number;
  /** Default: "next-start" when `env.VERCEL` is set (as on Vercel), else "own-server" (as `npm start`). */
  front?: AppFront;
}

function launch(port: number, options: AppServerOptions) {
  const ownDataDir = options.dataDir
    ? null
    : fs.mkdtempSync(path.join(os.tmpdir(), "console-app-"));
  const url = `http://localhost:${port}`;
  // A minimal environment: nothing of the parent's (a real key, say) reaches a server unless asked for.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? os.tmpdir(),
    NEXT_DIST_DIR: distDir(),
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    AUTH_SECRET: E2E.authSecret,
    AUTH_TRUST_HOST: "true",
    AUTH_URL: url,
    ADMIN_EMAIL: E2E.adminEmail,
    ADMIN_PASSWORD: E2E.adminPassword,
    WEBHOOK_SECRET: E2E.webhookSecret,
    PGLITE_DATA_DIR: options.dataDir ?? ownDataDir!,
    // In the "as on Vercel" end-to-end mode, every server of a spec's own is a Vercel instance too.
    ...vercelStackEnv(),
    ...options.env,
  };
  // Its own process group (detached), so that stop and kill reach every process the server started.
  const front = options.front ?? (env.VERCEL ? "next-start" : "own-server");
  const child = spawn(process.execPath, serveCommand(port, front), {
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      exitCode = code;
      resolve(code);
    }),
  );
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // Already gone.
    }
  };
  const removeOwnData = () => {
    if (!ownDataDir) return;
    fs.rmSync(ownDataDir, { recursive: true, force: true });
    fs.rmSync(`${ownDataDir}.lock`, { force: true });
  };
  const server: AppServer = {
    url,
    port,
    pid: child.pid!,
    output: () => output,
    stop: async () => {
      if (exitCode === undefined) {
        signal("SIGTERM");
        const killer = setTimeout(() => signal("SIGKILL"), 5_000);
        await exited;
        clearTimeout(killer);
      }
      removeOwnData();
    },
    kill: async (name) => {
      if (exitCode === undefined) {
        signal(name);
        await exited;
      }
    },
  };
  return { server, exited, hasExited: () => exitCode !== undefined };
}

/** Starts a server and waits until it answers /api/health; fails with its output if it exits instead. */
export async function startApp(options: AppServerOptions = {}): Promise<AppServer> {
  const port = options.port ?? (await freePort());
  const { server, hasExited } = launch(port, options);
  const giveUp = Date.now() + 120_000;
  while (Date.now() < giveUp) {
    if (hasExited()) throw new Error(`The app server exited:\n${server.output()}`);
    const ok = await fetch(`${server.url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.stop();
  throw new Error(`The app server did not answer /api/health within 120 s:\n${server.output()}`);
}

/** Starts a server that is expected to refuse to start: resolves to its exit code and output. */
export async function startAppExpectingExit(
  options: AppServerOptions,
  timeoutMs = 60_000,
): Promise<{ code: number | null; output: string }> {
  const { server, exited } = launch(await freePort(), options);
  const timer = setTimeout(() => void server.kill("SIGKILL"), timeoutMs);
  const code = await exited;
  clearTimeout(timer);
  await server.stop();
  return { code, output: server.output() };
}
