import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { ADMIN_STORAGE_STATE } from "./tests/e2e/auth-state";
import { pgbouncerInstalled } from "./tests/support/pgbouncer";
import { postgresInstalled, warnPostgresSkipped } from "./tests/support/postgres";
import {
  APP_PORT,
  APP_URL,
  AS_ON_VERCEL,
  E2E,
  SIM,
  SIM_PORT,
  SIM_URL,
  appServerEnv,
} from "./tests/support/e2e-env";

// Playwright cannot download its own browser on every machine; a system Chromium is used when present.
const systemChromium =
  process.env.CHROMIUM_PATH ||
  ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].find((p) =>
    fs.existsSync(p),
  );

const CI = Boolean(process.env.CI);

/**
 * E2E_MODE=vercel (`npm run test:e2e:vercel`, part of `npm test`): the app as on Vercel, with no server of
 * ours in front (tests/support/vercel-stack.ts). Only the specs whose answers depend on that front run there,
 * each expecting what that mode does: the receiver, the projects answer (encoding, ETag/304), the HTTP edges
 * and the security headers.
 */
const VERCEL_MODE_SPECS =
  /(webhook-receiver|projects-api-caching|security-edges|auth-headers)\.spec\.ts$/;

/**
 * The mode needs PostgreSQL and PgBouncer: without them it is skipped, loudly (fatal where they are
 * required, on CI), and `npm run test:e2e:vercel` passes with no tests.
 */
const vercelModeSkipped =
  AS_ON_VERCEL &&
  !(postgresInstalled() && pgbouncerInstalled()) &&
  Boolean(warnPostgresSkipped('The "as on Vercel" end-to-end mode (it needs pgbouncer too)'));

const appServer = AS_ON_VERCEL
  ? {
      command: "npx tsx tests/support/vercel-stack.ts",
      // The stack stops its database and pooler itself when asked nicely.
      gracefulShutdown: { signal: "SIGTERM" as const, timeout: 15_000 },
    }
  : {
      // A fresh embedded database for every run, then the production build behind the project's own
      // server, as `npm start` runs it.
      command: `rm -rf ${E2E.dataDir} ${E2E.dataDir}.lock && node --import tsx server.ts -p ${APP_PORT}`,
    };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  timeout: 60_000,
  outputDir: `test-results/${APP_PORT}${AS_ON_VERCEL ? "-vercel" : ""}`,
  ...(AS_ON_VERCEL ? { testMatch: vercelModeSkipped ? /^$/ : VERCEL_MODE_SPECS } : {}),
  // On CI a JSON report too, for the one-line total that .ci/run prints.
  reporter: CI
    ? [
        ["list"],
        ["html", { open: "never" }],
        [
          "json",
          {
            outputFile: `test-results/playwright${AS_ON_VERCEL ? "-vercel" : ""}.json`,
          },
        ],
      ]
    : "list",
  use: {
    baseURL: APP_URL,
    trace: "on-first-retry",
    launchOptions: systemChromium
      ? {
          executablePath: systemChromium,
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
          ],
        }
      : {},
  },
  projects: [
    // Signs in as the admin once (tests/e2e/auth.setup.ts); specs run signed in by default, and opt out with
    // `test.use({ storageState: SIGNED_OUT })` from tests/e2e/auth-state.ts.
    { name: "setup", testMatch: /.*\.setup\.ts/, use: { ...devices["Desktop Chrome"] } },
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], storageState: ADMIN_STORAGE_STATE },
      dependencies: ["setup"],
    },
  ],
  webServer: vercelModeSkipped
    ? []
    : [
        {
          // The service simulator, first: the app reads the service from its first request.
          command: `npm run sim -- --port ${SIM_PORT} --key ${E2E.apiKey} --no-api-key ${E2E.noApiKey} --projects ${SIM.projects} --seed ${SIM.seed}`,
          url: `${SIM_URL}/__sim/health`,
          reuseExistingServer: false,
          timeout: 60_000,
          stdout: "pipe",
          stderr: "pipe",
        },
        {
          ...appServer,
          url: `${APP_URL}/api/health`,
          env: appServerEnv(),
          reuseExistingServer: false,
          timeout: 120_000,
          stdout: "pipe",
          stderr: "pipe",
        },
      ],
});
