import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { freePort } from "./app-server";
import { freshPostgresUrl } from "./databases";
import { POSTGRES_MISSING, warnPostgresSkipped } from "./postgres";

/**
 * The console's API for the hook and component tests of the vitest `dom` project (happy-dom): the app's
 * real proxy and route handlers, served by tests/support/console-api-host.ts in a child process of Node (the
 * server code needs Node's own fetch, streams and database drivers, not the DOM's), over a database of its
 * own, PGlite or PostgreSQL. `openConsolePage` then points the DOM's page at it and signs the admin in through
 * next-auth's credentials endpoint, with the DOM's own fetch: its cookie jar keeps the session cookie (HttpOnly,
 * as in a browser) and sends it with every fetch a hook makes from then on. No part of our API is mocked.
 */

export const HOST_ADMIN = { email: "admin@example.com", password: "hook-tests-admin-password" };

export interface ConsoleApi {
  url: string;
  stop(): Promise<void>;
  /** Everything the host wrote so far (route errors are logged there). */
  output(): string;
}

export type HostDatabase = { kind: "pglite" } | { kind: "postgres"; serverUrl: string };

/**
 * The host's databases, as tests/support/databases.ts storageTargets names them: PGlite, and the throwaway
 * PostgreSQL of the global setup (skipped, and said so, without one).
 */
export function hostDatabases(): { label: string; database: () => HostDatabase; skip: boolean }[] {
  const serverUrl = inject("postgresUrl");
  if (!serverUrl) warnPostgresSkipped("The PostgreSQL variants of this file's hook tests");
  return [
    { label: "pglite", database: () => ({ kind: "pglite" }), skip: false },
    {
      label: serverUrl ? "postgres" : `postgres, SKIPPED: ${POSTGRES_MISSING}`,
      database: () => ({ kind: "postgres", serverUrl }),
      skip: !serverUrl,
    },
  ];
}

/**
 * Starts the host on `port` over a fresh database and waits until it listens. The first request also migrates
 * the database (the app does that itself), so the sign-in that follows is the slow call.
 */
export async function startConsoleApi(port: number, database: HostDatabase): Promise<ConsoleApi> {
  const url = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "console-hooks-"));
  const storage =
    database.kind === "postgres"
      ? { DATABASE_URL: await freshPostgresUrl(database.serverUrl) }
      : { PGLITE_DATA_DIR: dataDir };
  let output = "";
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", "tests/support/console-api-host.ts", String(port)],
    {
      cwd: process.cwd(),
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        TSX_TSCONFIG_PATH: "tests/support/console-api-host.tsconfig.json",
        NODE_ENV: "test",
        NEXT_TELEMETRY_DISABLED: "1",
        AUTH_SECRET: "hook-tests-auth-secret-0123456789abcdef",
        AUTH_TRUST_HOST: "true",
        AUTH_URL: url,
        ADMIN_EMAIL: HOST_ADMIN.email,
        ADMIN_PASSWORD: HOST_ADMIN.password,
        // Never called by these tests (no projects page), but the app refuses to start without it.
        PROJECTS_API_BASE_URL: "http://127.0.0.1:9/api/public",
        PROJECTS_API_KEY: "hook-tests-unused-key",
        ...storage,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const ready = new Promise<void>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`ready ${url}`)) resolve();
    };
    child.stdout!.on("data", collect);
    child.stderr!.on("data", collect);
    child.once("exit", (code) =>
      reject(new Error(`The console API host exited (${code}) before listening:\n${output}`)),
    );
  });
  await ready;
  return {
    url,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Makes the DOM's page an address of the host (relative fetches go there, same origin, as the app's pages
 * do) and signs the admin in. Throws when no session cookie came back.
 */
export async function openConsolePage(api: ConsoleApi, path = "/webhooks"): Promise<void> {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `${api.url}${path}`,
  );
  const csrf = await fetch("/api/auth/csrf");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signIn = await fetch("/api/auth/callback/credentials", {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, ...HOST_ADMIN, callbackUrl: path }).toString(),
  });
  const session = await fetch("/api/auth/session");
  const body = (await session.json()) as { user?: { email?: string } } | null;
  if (body?.user?.email !== HOST_ADMIN.email) {
    throw new Error(`Sign-in failed (${signIn.status}):\n${api.output()}`);
  }
}

/**
 * For a `describe` block: the host on a free port over `database`, the DOM's page signed in to it before the
 * block's tests, the host stopped after them. Nothing is started when `skip` (no PostgreSQL here).
 */
export function signedInConsole(database: () => HostDatabase, skip: boolean): () => ConsoleApi {
  let api: ConsoleApi | undefined;
  beforeAll(async () => {
    if (skip) return;
    api = await startConsoleApi(await freePort(), database());
    await openConsolePage(api);
  });
  afterAll(async () => {
    await api?.stop();
  });
  return () => api!;
}
