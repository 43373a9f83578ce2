/**
 * The app of the "as on Vercel" end-to-end mode (E2E_MODE=vercel, started by playwright.config.ts): the
 * production build under `next start` alone (no server of ours in front, as on Vercel, whose runtime calls
 * the app), with VERCEL=1, on PostgreSQL behind a real PgBouncer in transaction mode (DATABASE_URL pooled,
 * DATABASE_URL_UNPOOLED direct, as Neon gives them), migrated by the build's own step. Writes the database
 * URLs where specs' own servers find them (vercelStackEnv in e2e-env.ts); SIGTERM stops everything.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { serveCommand } from "./app-server";
import { APP_PORT, appServerEnv, VERCEL_STACK_FILE } from "./e2e-env";
import { startThrowawayPgbouncer } from "./pgbouncer";
import { POSTGRES_MISSING, startThrowawayPostgres } from "./postgres";

async function main() {
  const postgres = await startThrowawayPostgres();
  if (!postgres) throw new Error(`The "as on Vercel" mode needs PostgreSQL: ${POSTGRES_MISSING}`);
  const pooler = await startThrowawayPgbouncer(postgres.url, { poolSize: 4 });
  if (!pooler) {
    await postgres.stop();
    throw new Error('The "as on Vercel" mode needs PgBouncer: apt-get install -y pgbouncer');
  }
  const vercel = {
    VERCEL: "1",
    DATABASE_URL: pooler.url,
    DATABASE_URL_UNPOOLED: postgres.url,
    CRON_SECRET: "e2e-cron-secret-0123456789",
  };
  fs.mkdirSync(path.dirname(VERCEL_STACK_FILE), { recursive: true });
  fs.writeFileSync(VERCEL_STACK_FILE, JSON.stringify(vercel));

  const running: { app?: ChildProcess } = {};
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    try {
      const { app } = running;
      if (app && app.exitCode === null) process.kill(-app.pid!, "SIGTERM");
    } catch {
      // Already gone.
    }
    await pooler.stop();
    await postgres.stop();
    fs.rmSync(VERCEL_STACK_FILE, { force: true });
    process.exit(code);
  };

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...appServerEnv(),
    ...vercel,
    NODE_ENV: "production",
  };
  // The build's migration step, as `npm run build` runs it on Vercel.
  const migrated = spawnSync(
    path.join(process.cwd(), "node_modules/.bin/tsx"),
    ["lib/deploy/before-build.ts"],
    { env, stdio: "inherit" },
  );
  if (migrated.status !== 0) return stop(1);
  const app = spawn(process.execPath, serveCommand(APP_PORT, "next-start"), {
    env,
    stdio: "inherit",
    detached: true,
  });
  running.app = app;
  app.on("exit", (code) => void stop(code ?? 1));
  process.on("SIGTERM", () => void stop(0));
  process.on("SIGINT", () => void stop(0));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
