import { drawdownBounds, type DayProfits } from "./drawdown-bounds.js";
import { maxDrawdown } from "./drawdown.js";

/** How max_drawdown reads bets: some days bet by bet, or, past the limits, every bet (the walk of old). */
export type DrawdownReads = {
  /** Each of these days' profits in the sequence's order, by `DayProfits.day`. */
  betsOfDays(days: readonly DayProfits[]): Promise<Map<number, number[]>>;
  /** Every bet's profit in the sequence's order. */
  allBets(): Promise<number[]>;
};

/**
 * What the refinement may read before it walks every bet instead: a few rounds (each one search of
 * some days), days per round (each day is one range in the query) and bets in all. Past them the
 * cost is today's walk plus what was read, and the answer is the walk's: never wrong, at worst slower.
 */
export type RefineLimits = { rounds: number; daysPerRound: number; bets: number };

export const REFINE_LIMITS: RefineLimits = { rounds: 6, daysPerRound: 200, bets: 40_000 };

export type DrawdownResult = {
  maxDrawdown: number;
  /** `bounds`: the days' sums and the days read met; `walk`: every bet was walked. */
  how: "bounds" | "walk";
  betsRead: number;
};

/** A read day must be the day that was summed; a fixture settled between the two searches is read again by the walk. */
function sameDay(day: DayProfits, profits: readonly number[]): boolean {
  return profits.length === day.bets && profits.reduce((sum, profit) => sum + profit, 0) === day.profit;
}

/**
 * max_drawdown, exact, from the days' sums (`days`, in order) and as few days read bet by bet as
 * the bounds need (drawdown-bounds.ts): each round reads the days that could still hold a deeper
 * fall than the known one, deepest first, until the bounds meet. Most rules' drawdown is one fall
 * across a few days, so a few hundred bets stand in for every bet. `known`: days already read
 * whole (the sequence's first page), used where they are the days summed.
 */
export async function refineMaxDrawdown(
  days: readonly DayProfits[],
  reads: DrawdownReads,
  limits: RefineLimits = REFINE_LIMITS,
  known: ReadonlyMap<number, readonly number[]> = new Map(),
): Promise<DrawdownResult> {
  const exact = new Map<number, readonly number[]>();
  for (const day of days) {
    const profits = known.get(day.day);
    if (profits && sameDay(day, profits)) exact.set(day.day, profits);
  }
  let betsRead = 0;
  for (let round = 0; round < limits.rounds; round++) {
    const bounds = drawdownBounds(days, exact);
    if (bounds.wanted.length === 0) return { maxDrawdown: bounds.lower, how: "bounds", betsRead };
    const chosen: DayProfits[] = [];
    let budget = limits.bets - betsRead;
    for (const day of bounds.wanted) {
      if (chosen.length === limits.daysPerRound) break;
      if (day.bets > budget) continue;
      chosen.push(day);
      budget -= day.bets;
    }
    if (chosen.length === 0) break;
    const read = await reads.betsOfDays(chosen);
    for (const day of chosen) {
      const profits = read.get(day.day) ?? [];
      if (!sameDay(day, profits)) return walk(reads, betsRead);
      exact.set(day.day, profits);
      betsRead += profits.length;
    }
  }
  const bounds = drawdownBounds(days, exact);
  if (bounds.wanted.length === 0) return { maxDrawdown: bounds.lower, how: "bounds", betsRead };
  return walk(reads, betsRead);
}

async function walk(reads: DrawdownReads, betsRead: number): Promise<DrawdownResult> {
  const profits = await reads.allBets();
  return { maxDrawdown: maxDrawdown(profits), how: "walk", betsRead: betsRead + profits.length };
}
