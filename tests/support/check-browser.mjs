// Fails early, with the fix, when no browser is available for the end-to-end tests.
import fs from "node:fs";
import { chromium } from "@playwright/test";

const SYSTEM_CHROMIUM = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
];
const system = process.env.CHROMIUM_PATH || SYSTEM_CHROMIUM.find((p) => fs.existsSync(p));
let bundled = "";
try {
  bundled = chromium.executablePath();
} catch {
  bundled = "";
}
if (!system && !(bundled && fs.existsSync(bundled))) {
  console.error(
    [
      "No Chromium found for the end-to-end tests.",
      "  Debian/Ubuntu:  sudo apt-get update && sudo apt-get install -y chromium",
      "  elsewhere:      npx playwright install chromium",
      "  or point CHROMIUM_PATH at an installed Chromium or Chrome.",
    ].join("\n"),
  );
  process.exit(1);
}
