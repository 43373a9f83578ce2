import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** `npm run sim` as Playwright and people run it: a real process, its printed settings, its flags. */

const TSX = path.resolve("node_modules/.bin/tsx");
const CLI = path.resolve("lib/simulator/cli.ts");

function startCli(
  args: string[],
): Promise<{ output: string; url: string; stop: () => Promise<number | null> }> {
  const child = spawn(TSX, [CLI, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /control API\s+(http:\/\/[^/\s]+)\/__sim\//.exec(output);
      if (match) {
        resolve({
          output,
          url: match[1] as string,
          stop: () =>
            new Promise((done) => {
              child.once("exit", (code) => done(code));
              child.kill("SIGTERM");
            }),
        });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`simulator exited (${code}):\n${output}`)));
  });
}

describe("npm run sim", () => {
  it("prints its settings with the defaults marked, serves, and stops on SIGTERM", async () => {
    const sim = await startCli(["--port", "0", "--key", "sk_cli_key", "--projects", "25"]);
    try {
      expect(sim.output).toContain("projects        25 per workspace, seed 1 (default)");
      expect(sim.output).toContain('on-hold status  "on_hold" (default)');
      expect(sim.output).toContain("rate limit      60/min per key, rolling window");
      expect(sim.output).toMatch(
        /sim_no_api_key → workspace "starter", no API access \(403\) \(default\)/,
      );
      // A given key is not printed whole.
      expect(sim.output).not.toContain("sk_cli_key");
      expect(await (await fetch(`${sim.url}/__sim/health`)).json()).toEqual({ status: "ok" });
      const projects = await fetch(`${sim.url}/api/public/projects`, {
        headers: { authorization: "Bearer sk_cli_key" },
      });
      expect(((await projects.json()) as unknown[]).length).toBe(25);
    } finally {
      expect(await sim.stop()).toBe(0);
    }
  });

  it("applies the switches given as flags", async () => {
    const sim = await startCli([
      "--port",
      "0",
      "--on-hold-status",
      "paused",
      "--rate-limit",
      "5",
      "--lenient-query",
    ]);
    try {
      const config = await (await fetch(`${sim.url}/__sim/config`)).json();
      expect(config).toMatchObject({
        onHoldStatus: "paused",
        rateLimitPerMinute: 5,
        strictQuery: false,
      });
    } finally {
      await sim.stop();
    }
  });

  it("refuses a bad flag with a message and a non-zero exit", () => {
    const bad = spawnSync(TSX, [CLI, "--projects", "lots"], { encoding: "utf8" });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--projects must be a whole number, got "lots".');
    const unknown = spawnSync(TSX, [CLI, "--colour", "red"], { encoding: "utf8" });
    expect(unknown.status).not.toBe(0);
    expect(unknown.stderr).toMatch(/Unknown option '--colour'/);
    const tooMany = spawnSync(TSX, [CLI, "--port", "0", "--projects", "100001"], {
      encoding: "utf8",
    });
    expect(tooMany.status).toBe(1);
    expect(tooMany.stderr).toContain("projects must be a whole number from 0 to 100000");
  });

  it("lists every flag with --help", () => {
    const help = spawnSync(TSX, [CLI, "--help"], { encoding: "utf8" });
    expect(help.status).toBe(0);
    for (const flag of [
      "--port",
      "--host",
      "--projects",
      "--seed",
      "--key",
      "--no-api-key",
      "--on-hold-status",
      "--rate-limit",
      "--count-rejected",
      "--lenient-query",
      "--latency-ms",
    ]) {
      expect(help.stdout).toContain(flag);
    }
  });

  it("emit: sends from the command line and says how it went", () => {
    const closedPort = spawnSync(
      TSX,
      [
        CLI,
        "emit",
        "--url",
        "http://127.0.0.1:1/hook",
        "--secret",
        "s",
        "--backoff-base-ms",
        "1",
        "--event",
        "task.created",
      ],
      { encoding: "utf8" },
    );
    expect(closedPort.status).toBe(1);
    expect(closedPort.stdout).toContain("[sim emit] task.created attempt 3:");
    expect(closedPort.stdout).toContain("0 of 1 delivered");
    const noSecret = spawnSync(TSX, [CLI, "emit", "--url", "http://127.0.0.1:1/hook"], {
      encoding: "utf8",
      env: { ...process.env, WEBHOOK_SECRET: "" },
    });
    expect(noSecret.status).toBe(2);
    expect(noSecret.stderr).toMatch(/secret/);
  });
});
