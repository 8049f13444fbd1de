/** The value at rank ceil(p * n) of ascending `sorted` (NaN when empty): every script's p50, p95 and p99. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
}

/** Ascending copy of `values`, then `percentile`. */
export function percentileOf(values: readonly number[], p: number): number {
  return percentile([...values].sort((a, b) => a - b), p);
}
