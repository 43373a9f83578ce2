/**
 * `npm run bench -- projects-cold`: what a new server instance costs the first member who reaches it, at
 * 100,000 projects (issue 31). On Vercel every cold instance is a new process; here each is a `next start` of
 * the production build on one embedded PGlite folder, started after the last one stopped.
 *   - the first-ever answer: no snapshot anywhere, so the instance calls the service, validates, stores and
 *     encodes it; the simulator's own time for the same list is measured apart and reported beside it;
 *   - a cold instance's first answer once the snapshot is stored: it reads the encodings the first instance
 *     stored (lib/upstream/shared-state.ts) and compresses nothing; beside it, the same instance warm;
 *   - the first row in Chromium on a first visit to `/projects` of another cold instance (the browser's own
 *     cache empty);
 *   - on a phone (longestTaskOnPhone), the longest main-thread task while the list arrives after the first
 *     screen: how long a tap waits.
 * Every time is wall time to the last byte of the answer as sent, asked as a browser asks (`Accept-Encoding:
 * gzip, deflate, br`, the session cookie); decoding it is the client's work (timedGet). Goals
 * (tests/bench/budgets.ts): under 0.5 s with the snapshot stored, under 2.5 s first-ever, under 3 s to the
 * first row, no task on the phone over 200 ms.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { startSimulator } from "../../lib/simulator";
import { ensureBuild, startApp } from "../support/app-server";
import { signInCookie } from "../support/sign-in";
import type { Figure } from "./report";
import { median } from "./stats";

const KEY = "sim_bench_cold_key";
const PROJECTS = 100_000;
const WARM_RUNS = 5;
const BROWSER_ENCODINGS = "gzip, deflate, br";

/**
 * Wall time of one GET to the last byte of its body as sent (still encoded), and its status. Node's fetch
 * would decode the body too: a quarter of a second of this process's CPU for 22.7 MB of JSON, cold or warm,
 * which is the client's work and hid the instance's own time.
 */
function timedGet(url: string, headers: Record<string, string>) {
  const started = performance.now();
  return new Promise<{ ms: number; status: number; bytes: number }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        response.on("end", () =>
          resolve({ ms: performance.now() - started, status: response.statusCode ?? 0, bytes }),
        );
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

function expectOk(what: string, answer: { status: number; bytes: number }) {
  if (answer.status !== 200 || answer.bytes === 0)
    throw new Error(`${what} answered ${answer.status} with ${answer.bytes} bytes`);
}

const PHONE_VISITS = 3;
/** The list counts as arrived once no long task has begun for this long after its answer. */
const QUIET_MS = 3_000;

declare global {
  interface Window {
    __longTasks: { start: number; duration: number }[];
  }
}

/**
 * A visit to `/projects` as Lighthouse's phone makes it (390 px wide, the CPU slowed 4x): the longest task on
 * the page's main thread from the moment the list's answer has arrived until the page is quiet, that is, the
 * longest a tap or a keystroke waits while the list is read, indexed and shown (the first screen came from the
 * server before it).
 */
async function longestTaskOnPhone(browser: Browser, url: string, cookie: string): Promise<number> {
  const context = await browser.newContext({
    baseURL: url,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  try {
    await context.addCookies(cookiesOf(cookie, url));
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const { startTime, duration } of list.getEntries())
          window.__longTasks.push({ start: startTime, duration });
      }).observe({ type: "longtask", buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const listAnswered = page
      .waitForResponse((response) => new URL(response.url()).pathname === "/api/projects", {
        timeout: 120_000,
      })
      .then(async (response) => {
        await response.finished();
        return page.evaluate(() => performance.now());
      });
    await page.goto("/projects");
    const answeredAt = await listAnswered;
    let tasks = await page.evaluate(() => window.__longTasks);
    for (let waited = 0; waited < 60_000; waited += 500) {
      const lastEnd = Math.max(answeredAt, ...tasks.map((t) => t.start + t.duration));
      const now = await page.evaluate(() => performance.now());
      if (now - lastEnd >= QUIET_MS) break;
      await page.waitForTimeout(500);
      tasks = await page.evaluate(() => window.__longTasks);
    }
    // A task running when the answer arrived counts: it is still in the way of a tap.
    const after = tasks.filter((t) => t.start + t.duration >= answeredAt);
    return Math.max(0, ...after.map((t) => t.duration));
  } finally {
    await context.close();
  }
}

function cookiesOf(cookie: string, url: string) {
  return cookie.split("; ").map((pair) => {
    const eq = pair.indexOf("=");
    return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url };
  });
}

export default async function projectsColdBench(): Promise<Figure[]> {
  ensureBuild();
  const sim = await startSimulator({ projects: PROJECTS, seed: 1, keys: [KEY] });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "console-bench-cold-"));
  const env = {
    PROJECTS_API_BASE_URL: sim.baseUrl,
    PROJECTS_API_KEY: KEY,
    PROJECTS_CACHE_TTL_SECONDS: "3600",
    // 100,000 projects take the simulator and the validation a while on a shared machine.
    UPSTREAM_ATTEMPT_TIMEOUT_MS: "60000",
    UPSTREAM_DEADLINE_MS: "120000",
  };
  const instance = () => startApp({ env, dataDir });
  try {
    // The service's own time for the list: what no console can take off the first-ever answer.
    const service = [];
    for (let i = 0; i < 3; i++) {
      const answer = await timedGet(`${sim.baseUrl}/projects`, {
        authorization: `Bearer ${KEY}`,
        "accept-encoding": BROWSER_ENCODINGS,
      });
      expectOk("the simulator", answer);
      service.push(answer.ms);
    }

    // First-ever: the sign-in happens before the clock starts (it never touches the projects).
    let app = await instance();
    let firstEver: number;
    try {
      const cookie = await signInCookie(app.url);
      const headers = { cookie, "accept-encoding": BROWSER_ENCODINGS };
      const first = await timedGet(`${app.url}/api/projects`, headers);
      expectOk("the first-ever /api/projects", first);
      firstEver = first.ms;
    } finally {
      await app.stop();
    }

    // A new instance on the same database: the snapshot is stored, this process has seen nothing.
    app = await instance();
    let cold: number;
    const warm: number[] = [];
    try {
      const cookie = await signInCookie(app.url);
      const headers = { cookie, "accept-encoding": BROWSER_ENCODINGS };
      const first = await timedGet(`${app.url}/api/projects`, headers);
      expectOk("a cold instance's /api/projects", first);
      cold = first.ms;
      for (let i = 0; i < WARM_RUNS; i++) {
        const answer = await timedGet(`${app.url}/api/projects`, headers);
        expectOk("a warm /api/projects", answer);
        warm.push(answer.ms);
      }
    } finally {
      await app.stop();
    }

    // Another cold instance, visited in Chromium with an empty cache: the page and its list from nothing.
    app = await instance();
    let firstRow: number;
    const phoneTasks: number[] = [];
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu"],
    });
    try {
      const cookie = await signInCookie(app.url);
      const context = await browser.newContext({ baseURL: app.url });
      await context.addCookies(cookiesOf(cookie, app.url));
      const page = await context.newPage();
      const started = performance.now();
      await page.goto("/projects");
      // A row of the server's first screen or of the list, whichever shows first.
      await page.locator("[data-index]").first().waitFor({ timeout: 120_000 });
      firstRow = performance.now() - started;
      await context.close();
      for (let i = 0; i < PHONE_VISITS; i++)
        phoneTasks.push(await longestTaskOnPhone(browser, app.url, cookie));
    } finally {
      await browser.close();
      await app.stop();
    }

    console.log(
      `${PROJECTS.toLocaleString("en")} projects: service ${median(service).toFixed(0)} ms, first-ever ${firstEver.toFixed(0)} ms, ` +
        `cold with the snapshot stored ${cold.toFixed(0)} ms, warm ${median(warm).toFixed(0)} ms, first row ${firstRow.toFixed(0)} ms, ` +
        `phone: longest task while the list arrives ${phoneTasks.map((ms) => ms.toFixed(0)).join(", ")} ms`,
    );
    return [
      {
        id: "projects.100k.cold.first-ever",
        label:
          "/api/projects, 100,000, first answer with no snapshot anywhere (call, store, encode)",
        value: firstEver,
        unit: "ms",
        baseline: { label: "the simulator's own answer", value: median(service) },
      },
      {
        id: "projects.100k.cold.stored",
        label: "/api/projects, 100,000, a new instance's first answer, the snapshot stored",
        value: cold,
        unit: "ms",
        baseline: { label: "the same instance warm (median of 5)", value: median(warm) },
      },
      {
        id: "projects.100k.cold.first-row",
        label: "/projects in Chromium, 100,000, a new instance, empty cache: first row",
        value: firstRow,
        unit: "ms",
      },
      {
        id: "projects.100k.phone.longest-task",
        label:
          "/projects on a phone (390 px, 4x CPU slowdown), 100,000: longest main-thread task while the list arrives (median of 3 visits)",
        value: median(phoneTasks),
        unit: "ms",
      },
    ];
  } finally {
    await sim.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
