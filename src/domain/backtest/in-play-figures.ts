/**
 * The figures of GET /fixtures/backtest/in-play from what Elasticsearch counted
 * (search/backtest/in-play-request.ts): the outcomes' strike rates and fair odds, the buckets and
 * the mean of the minute the rule first fired. Rounded once here, so the
 * endpoint and its tests' independent recomputation agree to the last digit.
 */
import { LAST_STATE_MINUTE } from "../fixture/in-play-states.js";
import { round } from "../football/odds/book.js";

/** What followed the state where the rule first fired, in the order the response lists them. */
export const OUTCOMES = [
  "goal_after",
  "home_goal_after",
  "away_goal_after",
  "no_goal_after",
  "home_win",
  "draw",
  "away_win",
  "over_0_5",
  "over_1_5",
  "over_2_5",
  "over_3_5",
  "over_4_5",
  "btts",
] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** hits / fired, 4 decimals; null without a fire. */
export function strikeRate(hits: number, fired: number): number | null {
  return fired === 0 ? null : round(hits / fired, 4);
}

/** fired / hits, the price at which backing the outcome breaks even, 3 decimals; null without a hit. */
export function inPlayFairOdds(hits: number, fired: number): number | null {
  return hits === 0 ? null : round(fired / hits, 3);
}

/** The minutes a rule is tried in, both inclusive (1-90). */
export type MinuteRange = { from: number; to: number };

/** Minutes per bucket of `by_minute`, and the last minute a rule is tried at (the last state's). */
export const BUCKET_MINUTES = 5;
export const LAST_MINUTE = LAST_STATE_MINUTE;

export type MinuteBucket = { from: number; to: number; fired: number };

/** The 5-minute buckets 1-5 to 86-90, every one, with the first fires counted in each (by its first minute). */
export function byMinute(firedFrom: ReadonlyMap<number, number>): MinuteBucket[] {
  const buckets: MinuteBucket[] = [];
  for (let from = 1; from <= LAST_MINUTE; from += BUCKET_MINUTES) buckets.push({ from, to: from + BUCKET_MINUTES - 1, fired: firedFrom.get(from) ?? 0 });
  return buckets;
}

/** The mean minute of the first fire from the sum of those minutes, 2 decimals; null without a fire. */
export function averageMinute(minuteSum: number, fired: number): number | null {
  return fired === 0 ? null : round(minuteSum / fired, 2);
}
