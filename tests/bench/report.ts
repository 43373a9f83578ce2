/**
 * The one report of `npm run bench`: every `tests/bench/*.bench.ts` default-exports `async () => Figure[]`,
 * tests/bench/run.ts collects them, prints one table, writes it as JSON and, with `--check`, holds each
 * figure to its budget in tests/bench/budgets.ts.
 */
export type Unit = "ms" | "MB" | "KB" | "score" | "req/s" | "ratio";

export interface Figure {
  /** Stable, dotted: `projects.100k.cpu`. Budgets and the JSON history are keyed by it. */
  id: string;
  label: string;
  value: number;
  unit: Unit;
  /** What was measured beside it in the same run (side by side, same machine). */
  baseline?: { label: string; value: number };
}

/** A goal of the issues: the figure must stay at or under `max`, or at or over `min`. */
export interface Budget {
  max?: number;
  min?: number;
  /** Where the goal comes from, e.g. "issue 17". */
  source: string;
}

export type Verdict = "met" | "missed" | "not measured" | "";

export interface ReportRow extends Figure {
  budget?: Budget;
  verdict: Verdict;
}

const UNITS = new Set<Unit>(["ms", "MB", "KB", "score", "req/s", "ratio"]);

/** What a bench returned, checked: a wrong figure fails the run rather than sneaking into the report. */
export function validFigures(file: string, value: unknown): Figure[] {
  if (!Array.isArray(value)) throw new Error(`${file}: default export must resolve to Figure[]`);
  return value.map((figure: Figure, i) => {
    const where = `${file}: figure ${i} (${String(figure?.id)})`;
    if (typeof figure?.id !== "string" || !/^[a-z0-9][a-z0-9.-]*$/.test(figure.id))
      throw new Error(`${where}: id must be lowercase words joined by dots or dashes`);
    if (typeof figure.label !== "string" || figure.label === "")
      throw new Error(`${where}: label is required`);
    if (typeof figure.value !== "number" || !Number.isFinite(figure.value))
      throw new Error(`${where}: value must be a finite number`);
    if (!UNITS.has(figure.unit)) throw new Error(`${where}: unknown unit ${String(figure.unit)}`);
    if (figure.baseline && !Number.isFinite(figure.baseline.value))
      throw new Error(`${where}: baseline value must be a finite number`);
    return figure;
  });
}

export function judge(figure: Figure, budget: Budget | undefined): Verdict {
  if (!budget) return "";
  if (budget.max !== undefined && figure.value > budget.max) return "missed";
  if (budget.min !== undefined && figure.value < budget.min) return "missed";
  return "met";
}

export function budgetText(budget: Budget | undefined, unit: Unit): string {
  if (!budget) return "";
  const parts: string[] = [];
  if (budget.min !== undefined) parts.push(`≥ ${formatValue(budget.min, unit)}`);
  if (budget.max !== undefined) parts.push(`≤ ${formatValue(budget.max, unit)}`);
  return parts.join(" and ");
}

export function formatValue(value: number, unit: Unit): string {
  const digits =
    unit === "score" || unit === "ratio"
      ? 2
      : Math.abs(value) >= 100
        ? 0
        : Math.abs(value) >= 10
          ? 1
          : 2;
  const number = value.toLocaleString("en", {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return unit === "score" || unit === "ratio"
    ? `${number}${unit === "ratio" ? "×" : ""}`
    : `${number} ${unit}`;
}

/** One plain-text table: figure, value, baseline beside it and the ratio, budget, verdict. */
export function formatTable(rows: ReportRow[]): string {
  const header = ["Figure", "id", "Value", "Baseline (same run)", "×", "Budget", ""];
  const lines = rows.map((row) => [
    row.label,
    row.id,
    row.verdict === "not measured" ? "—" : formatValue(row.value, row.unit),
    row.baseline ? `${row.baseline.label}: ${formatValue(row.baseline.value, row.unit)}` : "",
    row.baseline && row.baseline.value !== 0 && row.verdict !== "not measured"
      ? (row.value / row.baseline.value).toFixed(2)
      : "",
    budgetText(row.budget, row.unit),
    row.verdict === "missed" ? "MISSED" : row.verdict,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 2 || i === 4 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [format(header), widths.map((w) => "-".repeat(w)).join("  "), ...lines.map(format)].join(
    "\n",
  );
}
