/**
 * The largest fall of cumulative profit from a previous peak, walking the bets in the order given
 * (the backtest's: kick-off, then fixture id). The walk starts at 0 before the first bet, so a
 * first bet lost is already a fall of 1. Never negative; in the profits' own units.
 */
export function maxDrawdown(profits: Iterable<number>): number {
  let cumulative = 0;
  let peak = 0;
  let deepest = 0;
  for (const profit of profits) {
    cumulative += profit;
    if (cumulative > peak) peak = cumulative;
    else if (peak - cumulative > deepest) deepest = peak - cumulative;
  }
  return deepest;
}
