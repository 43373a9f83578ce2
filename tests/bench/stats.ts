/** Order statistics for the benches' samples. */
export function median(values: number[]): number {
  return quantile(values, 0.5);
}

/** Nearest-rank quantile (p95 of 40 samples is the 38th smallest). */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
