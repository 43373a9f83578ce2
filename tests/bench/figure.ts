/**
 * One measured figure of a bench, as `npm run bench` reports it (the shared bench interface: each
 * `*.bench.ts` default-exports `async () => Figure[]`). The baseline is the same figure measured beside it in
 * the same run (a smaller list, a minimal page), so that the ratio, not the absolute value, is compared.
 */
export interface Figure {
  id: string;
  label: string;
  value: number;
  unit: "ms" | "MB" | "KB" | "score" | "req/s" | "ratio";
  baseline?: { label: string; value: number };
}

export function median(values: number[]): number {
  return quantile(values, 0.5);
}

/** Nearest-rank quantile (p95 of 40 samples is the 38th smallest). */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export function printFigures(figures: Figure[]): void {
  console.table(
    figures.map((f) => ({
      id: f.id,
      value: `${round(f.value)} ${f.unit}`,
      baseline: f.baseline ? `${round(f.baseline.value)} ${f.unit} (${f.baseline.label})` : "",
      ratio: f.baseline ? round(f.value / f.baseline.value) : "",
    })),
  );
}

const round = (n: number) => (Math.abs(n) >= 100 ? Math.round(n) : Math.round(n * 100) / 100);
