/**
 * Screenshots of the console for looking at what we build (not a test: it asserts nothing).
 * `npm run screenshots -- [scene…] [--out <folder>]`: starts the simulator and the production build (run
 * `npx tsx tests/support/e2e-build.ts` first) on E2E_SIM_PORT / E2E_APP_PORT, signs in as the e2e admin,
 * and takes each scene (default: all of tests/screenshots/scenes.ts) at 1440 and 390 px, light and dark.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { startSimulator } from "@/lib/simulator";
import { startApp } from "../support/app-server";
import { APP_PORT, APP_URL, E2E, SIM, SIM_PORT, appServerEnv } from "../support/e2e-env";
import { signInThroughForm } from "../support/sign-in";
import type { Look } from "./looks";
import { SCENES } from "./scenes";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { out: { type: "string", default: "test-results/screenshots" } },
});
const unknown = positionals.filter((name) => !(name in SCENES));
if (unknown.length) {
  console.error(`No scene ${unknown.join(", ")}; the scenes: ${Object.keys(SCENES).join(", ")}.`);
  process.exit(2);
}
const scenes = positionals.length ? positionals : Object.keys(SCENES);
const out = path.resolve(values.out);

async function main() {
  fs.mkdirSync(out, { recursive: true });
  const sim = await startSimulator({
    port: SIM_PORT,
    projects: SIM.projects,
    seed: SIM.seed,
    keys: [E2E.apiKey],
    noApiKeys: [E2E.noApiKey],
  });
  // A fresh database of its own (startApp's temporary folder), not the e2e stack's.
  const env = appServerEnv();
  delete env.PGLITE_DATA_DIR;
  // The `check` scene checks handlers it starts on 127.0.0.1, a private address the e2e app refuses.
  env.ALLOW_PRIVATE_REPLAY_TARGETS = "true";
  const app = await startApp({ port: APP_PORT, env });
  const browser = await chromium.launch({
    executablePath: fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined,
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const context = await browser.newContext({ baseURL: APP_URL });
    const signedIn = await context.newPage();
    // The first sign-in also migrates the fresh database.
    await signInThroughForm(signedIn, undefined, { timeout: 180_000 });
    const shotPath = (name: string, { width, scheme }: Look) =>
      path.join(out, `${name}-${width}-${scheme}.png`);
    for (const scene of scenes) {
      console.log(`${scene}…`);
      await SCENES[scene]!({ browser, signedIn, appUrl: APP_URL, shotPath });
    }
    console.log(`Screenshots in ${out}`);
  } finally {
    await browser.close();
    await app.stop();
    await sim.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
