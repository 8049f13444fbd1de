import type { Odd } from "../fixture-parts.js";
import { groupBy } from "../group-by.js";
import { MAX_SELECTIONS, MIN_SELECTIONS, type BetBuilderModel } from "./models.js";
import { jointProbability, winMask, type FinalScoreCell } from "./probability.js";

export type Combination = {
  bookmakerId: number;
  /** The chosen selections, in market order. */
  odds: Odd[];
  /** Model probability that every selection wins. */
  probability: number;
  /** Product of the selections' prices, rounded to 2 decimals. */
  price: number;
};

/** Below this a combination is treated as impossible; a leg that moves the probability less is redundant. */
const EPSILON = 1e-9;

/**
 * The model's combination for one fixture: 2 to 4 selections of one bookmaker, at
 * most one per market, from the markets that allow bet builders (raw.is_betbuilder),
 * open (not suspended, pending) and of the fixture's phase (in-play prices while in
 * play, pre-match ones before). A combination is skipped when a leg is implied by
 * the others (it would add price without risk) or the legs contradict each other.
 * Ties go to the more likely combination, then to the lower odd ids, so the same
 * odds always give the same pick. Null when nothing qualifies.
 */
export function pickCombination(
  odds: readonly Odd[],
  cells: readonly FinalScoreCell[],
  model: BetBuilderModel,
  inPlay: boolean,
): Combination | null {
  // Odd id order fixes the order of bookmakers, markets and legs, so ties break the same way whatever the input order.
  const open = odds
    .filter((odd) => odd.raw.is_betbuilder && odd.suspend === 0 && odd.status === 0 && odd.is_live === (inPlay ? 1 : 0) && odd.value > 1)
    .sort((a, b) => a.odd_id - b.odd_id);
  const masks = new Map(open.map((odd) => [odd.odd_id, winMask(odd, cells)]));
  let best: { combination: Combination; score: number } | null = null;
  for (const [bookmakerId, bookOdds] of groupBy(open, (odd) => odd.bookmaker_id)) {
    const markets = [...groupBy(bookOdds, (odd) => odd.market_id).values()];
    for (const legs of combinations(markets)) {
      const probability = jointProbability(legs.map((odd) => masks.get(odd.odd_id)!), cells);
      if (probability < Math.max(EPSILON, model.minProbability)) continue;
      const price = round2(legs.reduce((product, odd) => product * odd.value, 1));
      if (price < model.minPrice) continue;
      if (hasRedundantLeg(legs, probability, masks, cells)) continue;
      const score = model.objective === "value" ? probability * price : probability;
      const combination: Combination = { bookmakerId, odds: legs, probability, price };
      if (!best || score > best.score + EPSILON || (Math.abs(score - best.score) <= EPSILON && prefer(combination, best.combination))) {
        best = { combination, score };
      }
    }
  }
  return best?.combination ?? null;
}

function hasRedundantLeg(
  legs: readonly Odd[],
  probability: number,
  masks: ReadonlyMap<number, boolean[]>,
  cells: readonly FinalScoreCell[],
): boolean {
  return legs.some((_, index) => {
    const others = legs.filter((__, other) => other !== index).map((odd) => masks.get(odd.odd_id)!);
    return jointProbability(others, cells) - probability <= EPSILON;
  });
}

function prefer(a: Combination, b: Combination): boolean {
  if (Math.abs(a.probability - b.probability) > EPSILON) return a.probability > b.probability;
  const ids = (c: Combination) => c.odds.map((odd) => odd.odd_id);
  const [x, y] = [ids(a), ids(b)];
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! < y[i]!;
  return x.length < y.length;
}

/** One selection from each of 2..4 different markets: every such choice. */
function* combinations(markets: Odd[][]): Generator<Odd[]> {
  function* extend(start: number, chosen: Odd[]): Generator<Odd[]> {
    if (chosen.length >= MIN_SELECTIONS) yield chosen;
    if (chosen.length === MAX_SELECTIONS) return;
    for (let m = start; m < markets.length; m++) {
      for (const odd of markets[m]!) yield* extend(m + 1, [...chosen, odd]);
    }
  }
  yield* extend(0, []);
}

export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
