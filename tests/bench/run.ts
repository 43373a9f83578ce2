/**
 * `npm run bench`: runs every `tests/bench/*.bench.ts` in turn (or those whose file name contains an
 * argument, e.g. `npm run bench -- receiver`), each answering `Figure[]` (tests/bench/report.ts), and prints
 * one table of every figure with the baseline measured beside it and its budget (tests/bench/budgets.ts).
 * The same goes to tests/bench/results/<time>.json (this run, git-ignored) and is merged into
 * tests/bench/results/latest.json (the newest value of every figure, committed: docs/benchmarks.md quotes
 * it). `--check` exits non-zero when a budget is missed, or, in a full run, a budgeted figure was not
 * measured. A bench that fails is reported and the others still run; the run then exits non-zero.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { BUDGETS } from "./budgets";
import { formatTable, judge, validFigures, type Figure, type ReportRow } from "./report";

const DIR = path.join(process.cwd(), "tests/bench");
const RESULTS = path.join(DIR, "results");

interface Measured extends Figure {
  bench: string;
  measuredAt: string;
  commit: string;
}

interface RunRecord {
  startedAt: string;
  finishedAt: string;
  commit: string;
  machine: { cpus: number; model: string; node: string; platform: string };
  filters: string[];
  failures: { bench: string; error: string }[];
  figures: (Measured & { budget?: ReportRow["budget"]; verdict: ReportRow["verdict"] })[];
}

function commit(): string {
  try {
    const sha = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain"], { encoding: "utf8" }).trim();
    return dirty ? `${sha}+changes` : sha;
  } catch {
    return "unknown";
  }
}

function rowsOf(figures: Figure[], full: boolean): ReportRow[] {
  const rows: ReportRow[] = figures.map((figure) => {
    const budget = BUDGETS[figure.id];
    return { ...figure, ...(budget ? { budget } : {}), verdict: judge(figure, budget) };
  });
  if (full) {
    const seen = new Set(figures.map((f) => f.id));
    for (const [id, budget] of Object.entries(BUDGETS)) {
      if (!seen.has(id))
        rows.push({ id, label: id, value: NaN, unit: "ms", budget, verdict: "not measured" });
    }
  }
  return rows;
}

function writeResults(record: RunRecord) {
  fs.mkdirSync(RESULTS, { recursive: true });
  const stamp = record.startedAt.replace(/[:.]/g, "-");
  fs.writeFileSync(path.join(RESULTS, `${stamp}.json`), `${JSON.stringify(record, null, 2)}\n`);
  // latest.json: every figure ever measured, each at its newest value (a filtered run replaces its own).
  const latestFile = path.join(RESULTS, "latest.json");
  let previous: RunRecord["figures"] = [];
  try {
    previous = (
      JSON.parse(fs.readFileSync(latestFile, "utf8")) as { figures: RunRecord["figures"] }
    ).figures;
  } catch {
    // None yet.
  }
  const byId = new Map(previous.map((figure) => [figure.id, figure]));
  for (const figure of record.figures) byId.set(figure.id, figure);
  const latest = {
    updatedAt: record.finishedAt,
    machine: record.machine,
    figures: [...byId.values()],
  };
  fs.writeFileSync(latestFile, `${JSON.stringify(latest, null, 2)}\n`);
  return { stamp: path.join(RESULTS, `${stamp}.json`), latest: latestFile };
}

async function main() {
  // The baseline routes (`*.bench.ts` routes) are built only with NEXT_BENCH_ROUTES=1 (next.config.js),
  // into a build folder of the bench's own, so that the build the tests use stays as shipped.
  process.env.NEXT_BENCH_ROUTES = "1";
  process.env.NEXT_DIST_DIR ??= ".next-bench";
  const args = process.argv.slice(2);
  const check = args.includes("--check");
  const filters = args.filter((arg) => !arg.startsWith("--"));
  const files = fs
    .readdirSync(DIR)
    .filter((file) => file.endsWith(".bench.ts"))
    .filter((file) => filters.length === 0 || filters.some((f) => file.includes(f)))
    .sort();
  if (files.length === 0) {
    console.error(`No benchmark matches ${filters.join(", ") || "tests/bench/*.bench.ts"}.`);
    process.exit(1);
  }

  const startedAt = new Date().toISOString();
  const sha = commit();
  const measured: Measured[] = [];
  const failures: RunRecord["failures"] = [];
  for (const file of files) {
    console.log(`\n=== ${file}`);
    try {
      const mod = (await import(pathToFileURL(path.join(DIR, file)).href)) as {
        default: () => Promise<unknown>;
      };
      const figures = validFigures(file, await mod.default());
      for (const figure of figures) {
        if (measured.some((m) => m.id === figure.id))
          throw new Error(`${file}: figure id ${figure.id} is already taken`);
        measured.push({
          ...figure,
          bench: file,
          measuredAt: new Date().toISOString(),
          commit: sha,
        });
      }
    } catch (error) {
      console.error(`${file} failed:`, error);
      failures.push({ bench: file, error: error instanceof Error ? error.message : String(error) });
    }
  }

  const rows = rowsOf(measured, filters.length === 0);
  console.log(`\n=== Report (${sha}, ${os.cpus().length} cores, Node ${process.version})\n`);
  console.log(formatTable(rows));
  const record: RunRecord = {
    startedAt,
    finishedAt: new Date().toISOString(),
    commit: sha,
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model ?? "unknown",
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
    },
    filters,
    failures,
    figures: measured.map((figure) => {
      const row = rows.find((r) => r.id === figure.id)!;
      return { ...figure, ...(row.budget ? { budget: row.budget } : {}), verdict: row.verdict };
    }),
  };
  const written = writeResults(record);
  console.log(
    `\nWritten: ${path.relative(process.cwd(), written.stamp)}, ${path.relative(process.cwd(), written.latest)}`,
  );

  const missed = rows.filter((row) => row.verdict === "missed" || row.verdict === "not measured");
  if (failures.length > 0) {
    console.error(
      `\n${failures.length} bench(es) failed: ${failures.map((f) => f.bench).join(", ")}`,
    );
    process.exitCode = 1;
  }
  if (check) {
    if (missed.length > 0) {
      console.error(
        `\nBudgets missed: ${missed.map((row) => `${row.id} (${row.verdict})`).join(", ")}`,
      );
      process.exitCode = 1;
    } else {
      console.log(`\nEvery budget met (${rows.filter((r) => r.verdict === "met").length}).`);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
