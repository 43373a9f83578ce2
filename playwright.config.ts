import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { APP_PORT, APP_URL, E2E, appServerEnv } from "./tests/support/e2e-env";

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
  reporter: CI ? [["list"], ["html", { open: "never" }]] : "list",
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
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: [
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
