import { round } from "../football/odds/book.js";

/**
 * The backtest's ratios, from integer counts and sums, rounded once here so every caller
 * (the endpoint, its tests' independent recomputation) agrees to the last digit:
 * money in units to 3 decimals (exact: it is thousandths), ratios to 4, prices to 3.
 */
export function units(milli: number): number {
  return round(milli / 1000, 3);
}

/** won / (won + lost); null with no decided bet. */
export function hitRate(won: number, lost: number): number | null {
  return won + lost === 0 ? null : round(won / (won + lost), 4);
}

/** 1 / hit rate, the price at which this rule breaks even; null when no bet won. */
export function fairOdds(won: number, lost: number): number | null {
  return won === 0 ? null : round((won + lost) / won, 3);
}

/** profit / bets; null with no bet. */
export function roi(profitMilli: number, bets: number): number | null {
  return bets === 0 ? null : round(profitMilli / 1000 / bets, 4);
}

/** The mean starting price backed; null with no bet. */
export function averageOdds(spCents: number, bets: number): number | null {
  return bets === 0 ? null : round(spCents / 100 / bets, 3);
}
