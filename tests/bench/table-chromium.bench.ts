/**
 * `npm run bench -- table-chromium`: the projects table in real Chromium, production build, at 100,000
 * projects, beside the same page at 10,000 (keystroke, sort) and 300 (first row, heap):
 * - keystroke → rows settled: from the keydown's timestamp to the first frame after the rows, the count and
 *   the input all show what a quiet page shows for that text (typing "mill" and clearing it again);
 * - re-sort: from the header click's pointerdown to the first frame after the new order is shown;
 * - first row: from navigation start to the first project row in the DOM (server-rendered or not);
 * - heap: the page's JS heap after a forced GC, once the list has been typed in and sorted.
 * "Settled" is what a quiet page shows, recorded once per step in a dry run, so the bench needs nothing from
 * the app but what a member sees (plus `aria-busy` while the list catches up, which the app sets).
 *
 * Each size gets its own simulator and `next start` (PGlite) on free ports; the admin signs in through
 * next-auth's credentials endpoint. Goals: keystroke < 50 ms median and < 100 ms p95, re-sort < 100 ms,
 * first row < 1.5 s, heap < 120 MB (tests/bench/budgets.ts).
 */
import { chromium, type Browser, type Page } from "@playwright/test";
import { startSimulator } from "../../lib/simulator";
import { signInCookie } from "../support/sign-in";
import { ensureBuild, startApp } from "../support/app-server";
import type { Figure } from "./report";
import { median, quantile } from "./stats";

const KEY = "sim_bench_table_key";
const SIZES = [100_000, 10_000, 300] as const;
const NAVIGATIONS = 4;
const TYPING_ROUNDS = 4;
const SORT_ROUNDS = 3;
const WORD = "mill";
/** Each click's column; the sequence ends where it started (updated, newest first). */
const SORT_CLICKS = ["Name", "Name", "Client", "Town", "Updated", "Updated"];

interface SizeFigures {
  firstRow: number[];
  ready: number[];
  keystrokes: number[];
  sorts: number[];
  firstSorts: number[];
  heapMB: number;
}

declare global {
  interface Window {
    __bench: {
      firstRow: number | null;
      start: number;
      settled: Promise<number> | null;
      fingerprint: () => string;
      arm: (expected: string) => void;
      quiet: (ms: number) => Promise<string>;
    };
  }
}

/** Installed before any page script: the first row's time, the input's timestamp, "settled" detection. */
function benchInit() {
  const fingerprint = () => {
    const busy = document.querySelector('[aria-busy="true"]') !== null;
    const status = [...document.querySelectorAll('[role="status"]')]
      .map((el) => el.textContent)
      .find((t) => /projects?$/.test(t ?? ""));
    const input = document.querySelector<HTMLInputElement>('input[type="search"]')?.value;
    const sorts = [...document.querySelectorAll("th[aria-sort]")].map((th) =>
      th.getAttribute("aria-sort"),
    );
    const rows = [...document.querySelectorAll("[data-index]")]
      .slice(0, 3)
      .map((row) => row.textContent);
    return JSON.stringify({ busy, status, input, sorts, rows });
  };
  const bench: Window["__bench"] = {
    firstRow: null,
    start: 0,
    settled: null,
    fingerprint,
    arm(expected) {
      bench.settled = new Promise((resolve) => {
        const observer = new MutationObserver(check);
        function check() {
          if (fingerprint() !== expected) return;
          observer.disconnect();
          // The first frame after the DOM holds the settled state: rAF runs before that frame's paint.
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - bench.start)));
        }
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
        });
      });
    },
    quiet(ms) {
      return new Promise((resolve) => {
        let timer = setTimeout(done, ms);
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(done, ms);
        });
        function done() {
          if (document.querySelector('[aria-busy="true"]')) {
            timer = setTimeout(done, ms);
            return;
          }
          observer.disconnect();
          resolve(fingerprint());
        }
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
        });
      });
    },
  };
  window.__bench = bench;
  const first = new MutationObserver(() => {
    if (bench.firstRow === null && document.querySelector("[data-index]")) {
      bench.firstRow = performance.now();
      first.disconnect();
    }
  });
  first.observe(document, { childList: true, subtree: true });
  for (const type of ["keydown", "pointerdown"]) {
    document.addEventListener(type, (event) => (bench.start = event.timeStamp), true);
  }
}

/** Runs `act`, then waits for the page to show `expected`; returns the ms from the input's timestamp. */
async function timed(page: Page, expected: string, act: () => Promise<void>): Promise<number> {
  await page.evaluate((fp) => window.__bench.arm(fp), expected);
  await act();
  return page.evaluate(() => window.__bench.settled!);
}

const quiet = (page: Page) => page.evaluate(() => window.__bench.quiet(700));

async function measureSize(browser: Browser, projects: number): Promise<SizeFigures> {
  const sim = await startSimulator({ projects, seed: 7, keys: [KEY] });
  const app = await startApp({
    env: {
      PROJECTS_API_BASE_URL: sim.baseUrl,
      PROJECTS_API_KEY: KEY,
      PROJECTS_CACHE_TTL_SECONDS: "3600",
    },
  });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const cookie = await signInCookie(app.url);
    // Warm the snapshot (the first request fetches the whole list from the simulator).
    const warm = await fetch(`${app.url}/api/projects`, { headers: { cookie } });
    if (!warm.ok) throw new Error(`/api/projects: ${warm.status}`);
    await warm.arrayBuffer();
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const eq = pair.indexOf("=");
        return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: app.url };
      }),
    );
    // tsx (esbuild) wraps named functions in a `__name` helper that the page lacks.
    await context.addInitScript({
      content: `globalThis.__name ??= (f) => f; (${benchInit.toString()})();`,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const all = `${projects.toLocaleString("en")} projects`;
    const listReady = () =>
      page.waitForFunction(
        (text) =>
          [...document.querySelectorAll('[role="status"]')].some((el) => el.textContent === text),
        all,
        { timeout: 120_000, polling: 20 },
      );

    const firstRow: number[] = [];
    const ready: number[] = [];
    for (let i = 0; i < NAVIGATIONS; i++) {
      await page.goto(`${app.url}/projects`, { waitUntil: "commit" });
      await listReady();
      ready.push(await page.evaluate(() => performance.now()));
      firstRow.push((await page.evaluate(() => window.__bench.firstRow)) ?? Number.NaN);
    }
    await quiet(page);

    // Dry run: what the quiet page shows after each step.
    const search = page.getByRole("searchbox", { name: "Search" });
    await search.click();
    const keys = [...WORD.split(""), ...WORD.split("").map(() => "Backspace")];
    const typed: string[] = [];
    for (const key of keys) {
      await page.keyboard.press(key);
      typed.push(await quiet(page));
    }
    const keystrokes: number[] = [];
    for (let round = 0; round < TYPING_ROUNDS; round++) {
      for (const [i, key] of keys.entries()) {
        keystrokes.push(await timed(page, typed[i]!, () => page.keyboard.press(key)));
      }
    }

    // Sorts: the first round on a fresh page (every order new), then repeated rounds.
    await page.goto(`${app.url}/projects`, { waitUntil: "commit" });
    await listReady();
    await quiet(page);
    const header = (label: string) =>
      page.getByRole("columnheader").getByRole("button", { name: label, exact: true });
    const sorted: string[] = [];
    for (const label of SORT_CLICKS) {
      await header(label).click();
      sorted.push(await quiet(page));
    }
    await page.goto(`${app.url}/projects`, { waitUntil: "commit" });
    await listReady();
    await quiet(page);
    const sorts: number[] = [];
    const fresh: number[] = [];
    for (let round = 0; round < SORT_ROUNDS; round++) {
      for (const [i, label] of SORT_CLICKS.entries()) {
        const ms = await timed(page, sorted[i]!, () => header(label).click());
        (round === 0 ? fresh : sorts).push(ms);
      }
    }

    await cdp.send("HeapProfiler.collectGarbage");
    await cdp.send("HeapProfiler.collectGarbage");
    const { usedSize } = (await cdp.send("Runtime.getHeapUsage")) as { usedSize: number };
    return {
      firstRow,
      ready,
      keystrokes,
      sorts,
      firstSorts: fresh,
      heapMB: usedSize / 1024 / 1024,
    };
  } finally {
    await context.close();
    await app.stop();
    await sim.close();
  }
}

export default async function tableChromiumBench(): Promise<Figure[]> {
  ensureBuild();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--js-flags=--expose-gc"],
  });
  const by: Record<number, SizeFigures> = {};
  try {
    for (const size of SIZES) {
      by[size] = await measureSize(browser, size);
      const f = by[size];
      console.log(
        `${size.toLocaleString("en")} projects: first row ${f.firstRow.map(Math.round).join(", ")} ms; ` +
          `list ready ${f.ready.map(Math.round).join(", ")} ms; ` +
          `keystrokes ${f.keystrokes.map(Math.round).join(" ")} ms; ` +
          `first sorts ${f.firstSorts.map(Math.round).join(" ")} ms; re-sorts ${f.sorts.map(Math.round).join(" ")} ms; ` +
          `heap ${f.heapMB.toFixed(1)} MB`,
      );
    }
  } finally {
    await browser.close();
  }
  const big = by[100_000]!;
  const mid = by[10_000]!;
  const small = by[300]!;
  const figures: Figure[] = [
    {
      id: "table.keystroke.median",
      label: "Table, 100,000 projects: keystroke → rows settled, median",
      value: median(big.keystrokes),
      unit: "ms",
      baseline: { label: "10,000 projects", value: median(mid.keystrokes) },
    },
    {
      id: "table.keystroke.p95",
      label: "Table, 100,000 projects: keystroke → rows settled, p95",
      value: quantile(big.keystrokes, 0.95),
      unit: "ms",
      baseline: { label: "10,000 projects", value: quantile(mid.keystrokes, 0.95) },
    },
    {
      id: "table.resort.median",
      label: "Table, 100,000 projects: header click → rows re-sorted, median",
      value: median([...big.firstSorts, ...big.sorts]),
      unit: "ms",
      baseline: { label: "10,000 projects", value: median([...mid.firstSorts, ...mid.sorts]) },
    },
    {
      id: "table.first-row.median",
      label: "Table, 100,000 projects: navigation → first row, median",
      value: median(big.firstRow),
      unit: "ms",
      baseline: { label: "300 projects", value: median(small.firstRow) },
    },
    {
      id: "table.heap",
      label: "Table, 100,000 projects: JS heap after GC",
      value: big.heapMB,
      unit: "MB",
      baseline: { label: "300 projects", value: small.heapMB },
    },
  ];
  return figures;
}
