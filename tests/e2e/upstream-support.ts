import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { E2E } from "../support/e2e-env";

/**
 * App servers of our own for the upstream specs and the projects bench: `next start` from the production
 * build (NEXT_DIST_DIR), on a free port, with its own database and service settings, its output captured.
 */
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

export interface AppServer {
  url: string;
  port: number;
  /** Everything the server wrote to stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
}

const NEXT_BIN = path.join(process.cwd(), "node_modules/next/dist/bin/next");

function serverEnv(port: number, env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? os.tmpdir(),
    NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next",
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    AUTH_SECRET: E2E.authSecret,
    AUTH_TRUST_HOST: "true",
    AUTH_URL: `http://127.0.0.1:${port}`,
    ADMIN_EMAIL: E2E.adminEmail,
    ADMIN_PASSWORD: E2E.adminPassword,
    WEBHOOK_SECRET: E2E.webhookSecret,
    ...env,
  } as NodeJS.ProcessEnv;
}

function launch(port: number, env: Record<string, string>) {
  // A fresh embedded database per server, removed when it exits (unused with DATABASE_URL).
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "upstream-e2e-db-"));
  const child = spawn(
    process.execPath,
    [NEXT_BIN, "start", "-p", String(port), "-H", "127.0.0.1"],
    {
      env: serverEnv(port, { PGLITE_DATA_DIR: dataDir, ...env }),
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(`${dataDir}.lock`, { force: true });
      resolve(code);
    }),
  );
  return { child, exited, output: () => output };
}

/** Starts a server and waits until it answers /api/health; fails with its output if it exits instead. */
export async function startApp(env: Record<string, string>): Promise<AppServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { child, exited, output } = launch(port, env);
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));

  const stop = async () => {
    if (exitCode !== undefined) return;
    // Our own child, by its process group id (detached), so that no worker it started is left behind.
    process.kill(-child.pid!, "SIGTERM");
    const killer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), 5_000);
    await exited;
    clearTimeout(killer);
  };

  const giveUp = Date.now() + 90_000;
  while (Date.now() < giveUp) {
    if (exitCode !== undefined)
      throw new Error(`The app server exited (${exitCode}):\n${output()}`);
    const ok = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { url, port, output, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`The app server did not answer /api/health within 90 s:\n${output()}`);
}

/** Starts a server that is expected to refuse to start: resolves to its exit code and output. */
export async function startAppExpectingExit(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<{ code: number | null; output: string }> {
  const port = await freePort();
  const { child, exited, output } = launch(port, env);
  const timer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), timeoutMs);
  const code = await exited;
  clearTimeout(timer);
  return { code, output: output() };
}

/**
 * Signs a request context in as the e2e admin through next-auth's credentials endpoint (the context keeps
 * the session cookie). A server without sign-in (404 on the CSRF endpoint) needs none.
 */
export async function signIn(context: APIRequestContext): Promise<void> {
  const csrf = await context.get("/api/auth/csrf");
  if (csrf.status() === 404) return;
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await context.post("/api/auth/callback/credentials", {
    form: {
      csrfToken,
      email: E2E.adminEmail,
      password: E2E.adminPassword,
      callbackUrl: "/projects",
    },
    maxRedirects: 0,
  });
  const { cookies } = await context.storageState();
  if (!cookies.some((cookie) => /session-token/.test(cookie.name))) {
    throw new Error(`Sign-in failed: ${response.status()} ${response.headers().location ?? ""}`);
  }
}

/** The same sign-in with plain fetch, for tools outside Playwright (the bench): the Cookie header to send. */
export async function signInCookie(baseUrl: string): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  };
  const header = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  if (csrf.status === 404) return "";
  keep(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: header() },
    body: new URLSearchParams({
      csrfToken,
      email: E2E.adminEmail,
      password: E2E.adminPassword,
      callbackUrl: "/projects",
    }),
  });
  keep(response);
  if (![...jar.keys()].some((name) => /session-token/.test(name))) {
    throw new Error(`Sign-in failed: ${response.status} ${response.headers.get("location") ?? ""}`);
  }
  return header();
}
