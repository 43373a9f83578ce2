import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { ADMIN_STORAGE_STATE } from "./tests/e2e/auth-state";
import {
  APP_PORT,
  APP_URL,
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

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  timeout: 60_000,
  outputDir: `test-results/${APP_PORT}`,
  // On CI a JSON report too, for the one-line total that .ci/run prints.
  reporter: CI
    ? [
        ["list"],
        ["html", { open: "never" }],
        ["json", { outputFile: "test-results/playwright.json" }],
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
  webServer: [
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
      // A fresh embedded database for every run, then the production build.
      command: `rm -rf ${E2E.dataDir} ${E2E.dataDir}.lock && npx next start -p ${APP_PORT}`,
      url: `${APP_URL}/api/health`,
      env: appServerEnv(),
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
      stderr: "pipe",
    },
  ],
});
