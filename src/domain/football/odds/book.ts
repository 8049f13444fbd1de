/**
 * Probability "books": operations on MatchProbabilities one mutually exclusive partition at a
 * time (1X2, half-time 1X2, BTTS, each over/under line), so every partition keeps summing to 1.
 * Double chance is never transformed on its own: it is re-derived from the full-time 1X2.
 */
import { doubleChanceOf, GOAL_LINES, type MatchProbabilities, type OutcomeProbabilities } from "../model/poisson.js";
import type { Random } from "../random.js";

type PartitionFn = (vector: number[], key: string) => number[];

const MIN_PROBABILITY = 1e-4;

export function mapPartitions(p: MatchProbabilities, f: PartitionFn): MatchProbabilities {
  return zipPartitions(p, p, (a) => f(a.vector, a.key));
}

/** Combines two probability sets partition by partition. */
export function zipPartitions(
  a: MatchProbabilities,
  b: MatchProbabilities,
  f: (a: { vector: number[]; key: string }, b: number[]) => number[],
): MatchProbabilities {
  const outcome = (x: OutcomeProbabilities, y: OutcomeProbabilities, key: string): OutcomeProbabilities => {
    const [home = 0, draw = 0, away = 0] = f({ vector: [x.home, x.draw, x.away], key }, [y.home, y.draw, y.away]);
    return { home, draw, away };
  };
  const fullTime = outcome(a.fullTime, b.fullTime, "fullTime");
  const halfTime = outcome(a.halfTime, b.halfTime, "halfTime");
  const [yes = 0, no = 0] = f(
    { vector: [a.bothTeamsScore.yes, a.bothTeamsScore.no], key: "btts" },
    [b.bothTeamsScore.yes, b.bothTeamsScore.no],
  );
  const overUnder = { ...a.overUnder };
  for (const line of GOAL_LINES) {
    const [over = 0, under = 0] = f(
      { vector: [a.overUnder[line].over, a.overUnder[line].under], key: `ou${line}` },
      [b.overUnder[line].over, b.overUnder[line].under],
    );
    overUnder[line] = { over, under };
  }
  return { fullTime, halfTime, overUnder, bothTeamsScore: { yes, no }, doubleChance: doubleChanceOf(fullTime) };
}

export function normalize(vector: number[]): number[] {
  const clamped = vector.map((v) => Math.max(v, MIN_PROBABILITY));
  const total = clamped.reduce((sum, v) => sum + v, 0);
  return clamped.map((v) => v / total);
}

/** Each probability times exp(N(0, sd)), renormalized: an independent view of the same match. */
export function perturb(p: MatchProbabilities, random: Random, sd: number): MatchProbabilities {
  return mapPartitions(p, (vector) => normalize(vector.map((v) => v * Math.exp(random.normal(0, sd)))));
}

/** p^bias renormalized: bias above 1 shades favourites, below 1 shades outsiders. */
export function withBias(p: MatchProbabilities, bias: number): MatchProbabilities {
  return mapPartitions(p, (vector) => normalize(vector.map((v) => Math.max(v, MIN_PROBABILITY) ** bias)));
}

/**
 * Geometric interpolation from `from` (t = 0) to `to` (t = 1), per partition, with optional
 * multiplicative noise that fades out as t reaches 1 (so t = 1 is exactly `to`).
 */
export function interpolate(
  from: MatchProbabilities,
  to: MatchProbabilities,
  t: number,
  random?: Random,
  noiseSd = 0,
): MatchProbabilities {
  return zipPartitions(from, to, ({ vector }, target) =>
    normalize(
      vector.map((v, i) => {
        const noise = random && noiseSd > 0 ? Math.exp(random.normal(0, noiseSd) * (1 - t)) : 1;
        return Math.max(v, MIN_PROBABILITY) ** (1 - t) * Math.max(target[i] ?? 0, MIN_PROBABILITY) ** t * noise;
      }),
    ),
  );
}

export const MIN_PRICE = 1.01;
export const MAX_PRICE = 1000;

/** Decimal odds for probability q with a proportional margin, 2 decimals, within 1.01..1000. */
export function priceOf(q: number, margin: number): number {
  const raw = 1 / (Math.max(q, MIN_PROBABILITY) * (1 + margin));
  return Math.min(MAX_PRICE, Math.max(MIN_PRICE, round(raw, 2)));
}

export function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
