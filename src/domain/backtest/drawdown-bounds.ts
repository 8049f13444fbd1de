import { maxDrawdown } from "./drawdown.js";

/**
 * One UTC day of kick-off's bets as Elasticsearch summed them, in the profits' own units
 * (thousandths, integers, so the sums are exact).
 */
export type DayProfits = {
  /** The day's first instant, ms since the epoch (a daily date_histogram's key). */
  day: number;
  bets: number;
  /** The day's profit, the sum of its positive profits (>= 0) and the sum of its negative ones (<= 0). */
  profit: number;
  gain: number;
  loss: number;
};

/**
 * A stretch of the sequence: a day whose order inside matters and is unknown (`day` set), a day
 * that runs straight (all gains or all losses), or one bet (then gain and loss are the bet itself).
 */
type Stretch = { profit: number; gain: number; loss: number; day?: DayProfits };

export type DrawdownBounds = {
  /** max_drawdown is in [lower, upper]; equal, it is known. */
  lower: number;
  upper: number;
  /** The days not yet read bet by bet that could still hold a fall deeper than `lower`, the deepest they allow first. */
  wanted: DayProfits[];
};

function stretches(days: readonly DayProfits[], exact: ReadonlyMap<number, readonly number[]>): Stretch[] {
  const result: Stretch[] = [];
  for (const day of days) {
    const bets = exact.get(day.day);
    // A day all gains or all losses (one bet, say) runs straight from its start to its end, which
    // are exact: no order of its bets falls further, so its bets never need reading.
    if (!bets) result.push({ profit: day.profit, gain: day.gain, loss: day.loss, ...(day.gain > 0 && day.loss < 0 ? { day } : {}) });
    else for (const profit of bets) result.push({ profit, gain: Math.max(profit, 0), loss: Math.min(profit, 0) });
  }
  return result;
}

/**
 * Bounds of max_drawdown from the days' sums, with the days in `exact` read bet by bet.
 *
 * Inside a stretch starting at cumulative S, every point lies in [S + loss, S + gain] (no order of
 * its bets can rise above all its gains or fall below all its losses), and a fall from one of its
 * points to a later one is at most -loss (only its losses lie between). So a fall from a point of
 * stretch i to a point of a later stretch j is at most (S_i + gain_i) - (S_j + loss_j), and
 * `upper`, the largest of these bounds, is never below the truth. `lower` is the walk over the
 * points known exactly (0, every stretch's end), never above it. A one-bet stretch's bounds are its
 * two points, so with every day exact the bounds meet at the walk of every bet.
 *
 * A day can hold the deepest fall only if a bound it takes part in is above `lower`: those are
 * `wanted`. With none wanted, every bound above `lower` would be between exact points, which
 * `lower` already walked, so `upper` == `lower`.
 */
export function drawdownBounds(days: readonly DayProfits[], exact: ReadonlyMap<number, readonly number[]>): DrawdownBounds {
  const parts = stretches(days, exact);
  const lower = maxDrawdown(parts.map((part) => part.profit));
  const high: number[] = [];
  const low: number[] = [];
  let start = 0;
  for (const part of parts) {
    high.push(start + part.gain);
    low.push(start + part.loss);
    start += part.profit;
  }
  // The lowest point any later stretch may reach, for the bound of a fall from each stretch.
  const lowAfter = new Array<number>(parts.length + 1).fill(Infinity);
  for (let k = parts.length - 1; k >= 0; k--) lowAfter[k] = Math.min(low[k]!, lowAfter[k + 1]!);
  let upper = lower;
  let highBefore = -Infinity;
  const potentials: Array<{ day: DayProfits; fall: number }> = [];
  parts.forEach((part, k) => {
    // The deepest fall this stretch can take part in: inside it, onto it, or from it.
    const fall = Math.max(-part.loss, highBefore - low[k]!, high[k]! - lowAfter[k + 1]!);
    if (fall > upper) upper = fall;
    if (part.day && fall > lower) potentials.push({ day: part.day, fall });
    highBefore = Math.max(highBefore, high[k]!);
  });
  potentials.sort((a, b) => b.fall - a.fall || a.day.day - b.day.day);
  return { lower, upper, wanted: potentials.map((potential) => potential.day) };
}

/** A bet in the sequence: its kick-off (ms since the epoch) and its profit. */
export type SequencedBet = { at: number; profit: number };

/** A UTC day, in ms: the width of `DayProfits`. */
export const DAY_MS = 86_400_000;

/** The UTC day (its first instant, ms) of an instant (ms): the key of `DayProfits.day`. */
export function utcDay(at: number): number {
  return Math.floor(at / DAY_MS) * DAY_MS;
}

/** The bets of a stretch of the sequence by UTC day of kick-off (the keys of `DayProfits.day`), each day in the sequence's order. */
export function betsByDay(bets: readonly SequencedBet[]): Map<number, number[]> {
  const byDay = new Map<number, number[]>();
  for (const bet of bets) {
    const day = utcDay(bet.at);
    const profits = byDay.get(day);
    if (profits) profits.push(bet.profit);
    else byDay.set(day, [bet.profit]);
  }
  return byDay;
}
