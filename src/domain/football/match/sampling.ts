/** Small sampling helpers over the seeded Random. */
import type { Random } from "../random.js";

export function binomial(rng: Random, trials: number, p: number): number {
  let hits = 0;
  for (let i = 0; i < trials; i++) if (rng.chance(p)) hits++;
  return hits;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Running totals of weights, for `pickWeighted`. */
export function cumulative(weights: readonly number[]): number[] {
  let total = 0;
  return weights.map((weight) => (total += weight));
}

/** An index drawn with probability proportional to its weight (from `cumulative`). */
export function pickWeighted(rng: Random, totals: readonly number[]): number {
  const target = rng.next() * (totals[totals.length - 1] ?? 0);
  let low = 0;
  let high = totals.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((totals[middle] ?? 0) > target) high = middle;
    else low = middle + 1;
  }
  return low;
}
