import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./app-server";

/**
 * A throwaway PostgreSQL cluster on loopback for tests: `initdb` into a temporary folder, `pg_ctl start` on a
 * free port, `stop()` removes it. TEST_DATABASE_URL, when set, is used instead (an existing server).
 * Returns null when no PostgreSQL binaries are installed; callers decide whether that is fatal
 * (it is on CI, where REQUIRE_POSTGRES=1).
 */
export interface ThrowawayPostgres {
  url: string;
  stop(): Promise<void>;
}

function findBinary(name: string): string | null {
  const which = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" });
  if (which.status === 0 && which.stdout.trim()) return which.stdout.trim();
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return null;
  for (const version of fs.readdirSync(root).sort().reverse()) {
    const candidate = path.join(root, version, "bin", name);
    if (fs.existsSync(candidate)) return candidate;
  }
  return null;
}

/** Whether a throwaway cluster can be started here (server binaries installed, or TEST_DATABASE_URL set). */
export function postgresInstalled(): boolean {
  return Boolean(process.env.TEST_DATABASE_URL || (findBinary("initdb") && findBinary("pg_ctl")));
}

export function postgresRequired(): boolean {
  return process.env.REQUIRE_POSTGRES === "1";
}

export const POSTGRES_MISSING =
  "no PostgreSQL server binaries (initdb, pg_ctl) were found; install them with `apt-get install -y postgresql` or set TEST_DATABASE_URL";

/**
 * For a suite that cannot run without PostgreSQL: a fatal error where PostgreSQL is required (CI), else a
 * warning on stderr that stands out in the run's output (a skipped test alone is easy to miss). Returns
 * the reason, for the skip.
 */
export function warnPostgresSkipped(what: string): string {
  const reason = `${what}: SKIPPED, ${POSTGRES_MISSING}`;
  if (postgresRequired()) throw new Error(`PostgreSQL is required (REQUIRE_POSTGRES=1): ${reason}`);
  console.warn(`\n${"!".repeat(100)}\n!! ${reason}\n${"!".repeat(100)}\n`);
  return reason;
}

/**
 * `fsync: true` keeps PostgreSQL's durable commits (benchmarks); tests run faster without.
 * `maxConnections` (default 200): a test that fills every connection slot wants few of them.
 */
export async function startThrowawayPostgres(
  options: { fsync?: boolean; maxConnections?: number } = {},
): Promise<ThrowawayPostgres | null> {
  if (process.env.TEST_DATABASE_URL)
    return { url: process.env.TEST_DATABASE_URL, stop: async () => {} };
  const initdb = findBinary("initdb");
  const pgCtl = findBinary("pg_ctl");
  if (!initdb || !pgCtl) return null;

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "console-pg-"));
  const dataDir = path.join(dir, "data");
  const port = await freePort();
  // PostgreSQL refuses to run as root; run it as the `postgres` user when we are root.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync("chown", ["-R", "postgres", dir]);
  const run = (bin: string, args: string[]) =>
    asRoot
      ? execFileSync("runuser", ["-u", "postgres", "--", bin, ...args], { stdio: "pipe" })
      : execFileSync(bin, args, { stdio: "pipe" });

  run(initdb, ["-D", dataDir, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"]);
  run(pgCtl, [
    "-D",
    dataDir,
    "-l",
    path.join(dir, "log"),
    "-w",
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=${options.fsync ? "on" : "off"} -c max_connections=${options.maxConnections ?? 200}`,
    "start",
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      try {
        run(pgCtl, ["-D", dataDir, "-m", "immediate", "stop"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
