/**
 * `npm run bench -- lighthouse`: Lighthouse 12, mobile (its default: Moto G class phone, simulated 4× CPU
 * slowdown and slow 4G), against the production build with 300 projects (the e2e stack's size):
 * - `/projects` signed in: performance and best practices, and the gzip size of the scripts it loads first;
 * - `/sign-in` signed out: SEO.
 * Beside them, the same figures for an empty console page (`/bench/empty`, bench builds only: the layout and
 * the session check, nothing else). Scores are medians of five runs. Goals: `/projects` performance ≥ 0.95,
 * best practices 1.0, `/sign-in` SEO 1.0, `/projects` scripts ≤ 180 KB gzip.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import type { Result } from "lighthouse";
import { startSimulator } from "../../lib/simulator";
import { signInCookie } from "../support/sign-in";
import { distDir, ensureBuild, freePort, startApp } from "../support/app-server";
import type { Figure } from "./report";
import { median } from "./stats";

const KEY = "sim_bench_lighthouse_key";
/**
 * Lighthouse varies from run to run, by more than the budget's margin (one idle run here: 0.82, 0.99, 0.96);
 * its documentation advises the median of five.
 */
const RUNS = 5;

interface Audit {
  scores: Record<string, number>;
}

/**
 * Lighthouse now and then fails a run that says nothing about the page: it loses the navigation's start in
 * its trace (NO_NAVSTART, "please run Lighthouse again", seen on `/bench/empty` as on `/projects`, the page
 * itself loaded fine), or it ends without a report. Such a run is made again, up to twice, and said.
 */
const RUN_RETRIES = 2;

/**
 * One Lighthouse run, its report written to a file: written to stdout, a report of a few hundred KB came out
 * cut short now and then (the CLI exits while the pipe still holds part of it).
 */
async function runLighthouse(args: string[], url: string): Promise<Result> {
  const reportFile = path.join(os.tmpdir(), `lighthouse-${process.pid}-${Date.now()}.json`);
  try {
    for (let attempt = 0; ; attempt++) {
      fs.rmSync(reportFile, { force: true });
      let failure: unknown = null;
      try {
        await promisify(execFile)(process.execPath, [...args, `--output-path=${reportFile}`], {
          maxBuffer: 64 * 1024 * 1024,
        });
      } catch (error) {
        // Lighthouse exits non-zero on a runtime error, with its report (naming the error) written.
        failure = error;
      }
      let lhr: Result | null = null;
      try {
        lhr = JSON.parse(fs.readFileSync(reportFile, "utf8")) as Result;
      } catch {
        // No report: the run is made again or its failure reported below.
      }
      const problem =
        lhr === null
          ? "no report"
          : lhr.runtimeError?.code === "NO_NAVSTART"
            ? "NO_NAVSTART"
            : null;
      if (problem && attempt < RUN_RETRIES) {
        console.log(
          `  ${new URL(url).pathname}: Lighthouse failed the run (${problem}); running it again`,
        );
        continue;
      }
      if (lhr === null) throw failure ?? new Error(`${url}: Lighthouse wrote no report`);
      if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
      return lhr;
    }
  } finally {
    fs.rmSync(reportFile, { force: true });
  }
}

async function audit(
  port: number,
  url: string,
  categories: string[],
  cookie: string | null,
): Promise<Audit> {
  // Lighthouse's CLI in plain Node: under tsx, the functions it runs in the page would carry tsx's helpers.
  const args = [
    path.join(process.cwd(), "node_modules/lighthouse/cli/index.js"),
    url,
    `--port=${port}`,
    "--output=json",
    "--quiet",
    `--only-categories=${categories.join(",")}`,
  ];
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  const lhr = await runLighthouse(args, url);
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`${url} ended at ${lhr.finalDisplayedUrl} (not signed in?)`);
  }
  const scores: Record<string, number> = {};
  for (const id of categories) scores[id] = lhr.categories[id]?.score ?? Number.NaN;
  for (const [id, a] of Object.entries(lhr.audits)) {
    if (a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative") {
      if (
        categories.some((c) =>
          lhr.categories[c]?.auditRefs.some((r) => r.id === id && r.weight > 0),
        )
      )
        console.log(`  ${new URL(url).pathname} ${id}: ${a.score} ${a.displayValue ?? ""}`);
    }
  }
  return { scores };
}

/**
 * The gzip size (level 9, as a CDN would send it) of the scripts a route loads first, from the build's own
 * list (`<distDir>/diagnostics/route-bundle-stats.json`); code loaded on first use is not counted.
 */
function firstLoadGzipKB(route: string): number {
  const stats = JSON.parse(
    fs.readFileSync(path.join(distDir(), "diagnostics/route-bundle-stats.json"), "utf8"),
  ) as { route: string; firstLoadChunkPaths: string[] }[];
  const entry = stats.find((r) => r.route === route);
  if (!entry) throw new Error(`${route} is not in the build's route-bundle-stats.json`);
  let bytes = 0;
  for (const file of new Set(entry.firstLoadChunkPaths)) {
    bytes += gzipSync(fs.readFileSync(file), { level: 9 }).length;
  }
  return bytes / 1024;
}

export default async function lighthouseBench(): Promise<Figure[]> {
  ensureBuild();
  const sim = await startSimulator({ projects: 300, seed: 1, keys: [KEY] });
  const app = await startApp({
    env: {
      PROJECTS_API_BASE_URL: sim.baseUrl,
      PROJECTS_API_KEY: KEY,
      PROJECTS_CACHE_TTL_SECONDS: "3600",
    },
  });
  // Two browsers: the signed-in one keeps the session cookies the app sets, which would send /sign-in onwards.
  const launch = async () => {
    const port = await freePort();
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", `--remote-debugging-port=${port}`],
    });
    return { port, browser };
  };
  const signedIn = await launch();
  const signedOut = await launch();
  try {
    const cookie = await signInCookie(app.url);
    const warm = await fetch(`${app.url}/api/projects`, { headers: { cookie } });
    if (!warm.ok) throw new Error(`/api/projects: ${warm.status}`);
    const runs: Record<string, Audit[]> = { projects: [], empty: [], signIn: [] };
    for (let i = 0; i < RUNS; i++) {
      runs.projects!.push(
        await audit(
          signedIn.port,
          `${app.url}/projects`,
          ["performance", "best-practices"],
          cookie,
        ),
      );
      runs.empty!.push(
        await audit(
          signedIn.port,
          `${app.url}/bench/empty`,
          ["performance", "best-practices"],
          cookie,
        ),
      );
      runs.signIn!.push(
        await audit(signedOut.port, `${app.url}/sign-in`, ["seo", "performance"], null),
      );
    }
    const score = (name: string, category: string) =>
      median(runs[name]!.map((r) => r.scores[category]!));
    const projectsJs = firstLoadGzipKB("/projects");
    const emptyJs = firstLoadGzipKB("/bench/empty");
    console.log(
      `performance runs: /projects ${runs.projects!.map((r) => r.scores.performance).join(", ")}; ` +
        `empty page ${runs.empty!.map((r) => r.scores.performance).join(", ")}; ` +
        `/sign-in ${runs.signIn!.map((r) => r.scores.performance).join(", ")}`,
    );
    const figures: Figure[] = [
      {
        id: "lighthouse.projects.performance",
        label: "Lighthouse mobile /projects (300 projects): performance",
        value: score("projects", "performance"),
        unit: "score",
        baseline: { label: "empty console page", value: score("empty", "performance") },
      },
      {
        id: "lighthouse.projects.best-practices",
        label: "Lighthouse mobile /projects: best practices",
        value: score("projects", "best-practices"),
        unit: "score",
        baseline: { label: "empty console page", value: score("empty", "best-practices") },
      },
      {
        id: "lighthouse.sign-in.seo",
        label: "Lighthouse mobile /sign-in: SEO",
        value: score("signIn", "seo"),
        unit: "score",
      },
      {
        id: "js.projects.gzip",
        label: "/projects: scripts loaded, gzip",
        value: projectsJs,
        unit: "KB",
        baseline: { label: "empty console page", value: emptyJs },
      },
    ];
    return figures;
  } finally {
    await signedIn.browser.close();
    await signedOut.browser.close();
    await app.stop();
    await sim.close();
  }
}
