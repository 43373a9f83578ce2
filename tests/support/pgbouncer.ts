import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./app-server";

/**
 * A throwaway PgBouncer in transaction mode in front of a PostgreSQL server, as Neon's pooled URL is:
 * Debian's `pgbouncer` on a free loopback port, its own config in a temporary folder. Like the throwaway
 * PostgreSQL (postgres.ts), it runs as the `postgres` user when we are root (it refuses to run as root).
 * Returns null when pgbouncer is not installed.
 */
export interface ThrowawayPgbouncer {
  /** The pooled URL, for the app's DATABASE_URL. */
  url: string;
  /** Runs a command of PgBouncer's admin console (SHOW CLIENTS, RECONNECT...); rows as objects. */
  admin(command: string): Promise<Record<string, unknown>[]>;
  stop(): Promise<void>;
}

function findPgbouncer(): string | null {
  for (const candidate of ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer"]) {
    if (fs.existsSync(candidate)) return candidate;
  }
  const which = spawnSync("sh", ["-c", "command -v pgbouncer"], { encoding: "utf8" });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : null;
}

export function pgbouncerInstalled(): boolean {
  return findPgbouncer() !== null;
}

export async function startThrowawayPgbouncer(
  postgresUrl: string,
  options: { poolSize: number; maxClients?: number },
): Promise<ThrowawayPgbouncer | null> {
  const binary = findPgbouncer();
  if (!binary) return null;
  const server = new URL(postgresUrl);
  const database = server.pathname.slice(1) || "postgres";
  const user = decodeURIComponent(server.username || "postgres");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "console-pgbouncer-"));
  const port = await freePort();
  fs.writeFileSync(path.join(dir, "userlist.txt"), `"${user}" ""\n`);
  fs.writeFileSync(
    path.join(dir, "pgbouncer.ini"),
    [
      "[databases]",
      `${database} = host=${server.hostname} port=${server.port} dbname=${database} user=${user}`,
      // Any other database name goes to the same server under its own name (tests create fresh ones).
      `* = host=${server.hostname} port=${server.port} user=${user}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      "auth_type = trust",
      `auth_file = ${path.join(dir, "userlist.txt")}`,
      `admin_users = ${user}`,
      "pool_mode = transaction",
      `default_pool_size = ${options.poolSize}`,
      "min_pool_size = 0",
      "reserve_pool_size = 0",
      `max_client_conn = ${options.maxClients ?? 1000}`,
      // Retry a refused server login after 1 s instead of 15, so a test sees recovery quickly.
      "server_login_retry = 1",
      `logfile = ${path.join(dir, "log")}`,
      "",
    ].join("\n"),
  );
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync("chown", ["-R", "postgres", dir]);
  const ini = path.join(dir, "pgbouncer.ini");
  const child = asRoot
    ? spawn("runuser", ["-u", "postgres", "--", binary, ini], { stdio: "ignore", detached: true })
    : spawn(binary, [ini], { stdio: "ignore", detached: true });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const url = `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/${database}`;
  const admin = async (command: string) => {
    const client = new pg.Client({
      connectionString: `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/pgbouncer`,
    });
    await client.connect();
    try {
      return (await client.query(command)).rows as Record<string, unknown>[];
    } finally {
      await client.end();
    }
  };
  const stop = async () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // Already gone.
    }
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  };

  for (const giveUp = Date.now() + 15_000; ;) {
    const ready = await admin("SHOW VERSION").then(
      () => true,
      () => false,
    );
    if (ready) return { url, admin, stop };
    if (child.exitCode !== null || Date.now() > giveUp) {
      const log = fs.existsSync(path.join(dir, "log"))
        ? fs.readFileSync(path.join(dir, "log"), "utf8")
        : "";
      await stop();
      throw new Error(`PgBouncer did not start:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
