import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * The real `project-console` tool and a real local handler, for the unit tests, the end-to-end proofs and
 * the listen bench. The tool runs as a child process from its bundle (built once per test process, as
 * `npm pack` builds it), through a launcher like the packed tarball's bin.
 */

export const TOOL_BIN = path.resolve("packages/project-console/bin/project-console.mjs");

let launcher: Promise<string> | undefined;

export function toolLauncher(): Promise<string> {
  launcher ??= (async () => {
    const { buildCli } = await import("../../packages/project-console/build.mjs");
    const bundle = await buildCli();
    const file = path.join(
      mkdtempSync(path.join(os.tmpdir(), "pc-launch-")),
      "project-console.mjs",
    );
    writeFileSync(
      file,
      `const { main } = await import(${JSON.stringify(pathToFileURL(bundle).href)});\nawait main();\n`,
    );
    return file;
  })();
  return launcher;
}

export interface ToolRun {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** The `--json` lines printed so far. */
  json(): Record<string, unknown>[];
  exited: Promise<number | null>;
}

/** Starts the tool with `args`; the config comes from `env` only (PROJECT_CONSOLE_*, an empty config home). */
export async function startTool(args: string[], env: Record<string, string> = {}, bin?: string) {
  const child = spawn(process.execPath, [bin ?? (await toolLauncher()), ...args], {
    env: {
      ...process.env,
      XDG_CONFIG_HOME: mkdtempSync(path.join(os.tmpdir(), "pc-home-")),
      PROJECT_CONSOLE_URL: "",
      PROJECT_CONSOLE_TOKEN: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk) => (stdout += chunk));
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.on("close", (code) => resolve(code)),
  );
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    json: () =>
      stdout
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    exited,
  } satisfies ToolRun;
}

/** Runs the tool to its end. */
export async function runTool(args: string[], env: Record<string, string> = {}, bin?: string) {
  const run = await startTool(args, env, bin);
  const code = await run.exited;
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

export interface Received {
  method: string;
  url: string;
  rawHeaders: string[];
  body: Buffer;
  at: number;
}

/** A developer's local handler: records what arrives, answers the next scripted status (default 200). */
export async function localHandler(statuses: number[] = []) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({
        method: req.method!,
        url: req.url!,
        rawHeaders: req.rawHeaders,
        body: Buffer.concat(chunks),
        at: performance.now(),
      });
      res.writeHead(statuses.shift() ?? 200, { "content-type": "text/plain", "x-handled": "yes" });
      res.end("handled");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A URL nothing listens on: a server opened and closed again. */
export async function closedPort(): Promise<string> {
  const { url, close } = await localHandler();
  await close();
  return url;
}

/** Raw header array → name/value pairs. */
export function headerPairs(raw: string[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i]!, raw[i + 1]!]);
  return pairs;
}

/**
 * An access token of `email`, made as a person makes one but over plain HTTP (for the bench and scripts, which
 * have no browser): next-auth's credentials sign-in (CSRF token first), then `POST /api/tokens` with the
 * session cookie from the console's own origin.
 */
export async function accessTokenOverHttp(base: string, email: string, password: string) {
  const cookies = new Map<string, string>();
  const keep = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const [name, ...value] = pair!.split("=");
      cookies.set(name!, value.join("="));
    }
  };
  const header = () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  const csrf = await fetch(`${base}/api/auth/csrf`);
  keep(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signedIn = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: header(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password, csrfToken }),
  });
  keep(signedIn);
  const created = await fetch(`${base}/api/tokens`, {
    method: "POST",
    headers: { cookie: header(), origin: base, "content-type": "application/json" },
    body: JSON.stringify({ name: "script", expiresInDays: 7 }),
  });
  if (created.status !== 201) throw new Error(`POST /api/tokens answered ${created.status}`);
  return ((await created.json()) as { token: string }).token;
}
