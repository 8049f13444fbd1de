/**
 * Integer percents of shares that sum to 1, summing to exactly 100 (largest remainder), so a
 * 1X2 prediction never shows 33 + 33 + 33.
 */
export function percents(shares: readonly number[]): number[] {
  const total = shares.reduce((sum, share) => sum + Math.max(share, 0), 0);
  if (total <= 0) return shares.map(() => 0);
  const exact = shares.map((share) => (Math.max(share, 0) / total) * 100);
  const result = exact.map(Math.floor);
  let missing = 100 - result.reduce((sum, v) => sum + v, 0);
  const order = exact.map((v, i) => ({ i, rest: v - Math.floor(v) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (missing <= 0) break;
    result[i] = (result[i] ?? 0) + 1;
    missing--;
  }
  return result;
}

/** One probability as an integer percent. */
export function percent(probability: number): number {
  return Math.round(Math.min(1, Math.max(0, probability)) * 100);
}
