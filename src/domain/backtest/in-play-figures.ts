/**
 * The figures of GET /fixtures/backtest/in-play from what Elasticsearch counted: the outcomes and
 * their strike rates, and the minute the rule first fired, from the cumulative counts of fixtures
 * that had fired by each state (search/backtest/in-play-request.ts). Rounded once here, so the
 * endpoint and its tests' independent recomputation agree to the last digit.
 */
import { round } from "../football/odds/book.js";
import { isStateMinute, stateOrder } from "../fixture/in-play-states.js";

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

/** A state's place in match order and its minute. */
export type StateSlot = { order: number; minute: number };

/**
 * Every state a rule can fire at within `minutes`, in match order: the first half's minutes, then
 * the second's (in-play-states.ts, `isStateMinute`).
 */
export function statesWithin(minutes: MinuteRange): StateSlot[] {
  const slots: StateSlot[] = [];
  for (const half of [1, 2]) {
    for (let minute = minutes.from; minute <= minutes.to; minute++) {
      if (isStateMinute(half, minute)) slots.push({ order: stateOrder(half, minute), minute });
    }
  }
  return slots;
}

/** Minutes per bucket of `by_minute`. */
const BUCKET_MINUTES = 5;
const LAST_MINUTE = 90;

export type MinuteBucket = { from: number; to: number; fired: number };

/**
 * From the fixtures that had fired by each state (`firedBy`, cumulative, in the order of `slots`)
 * to those that first fired at each: the difference with the state before. Exact because a
 * fixture counted by a state is counted by every later one.
 */
export function firstFires(slots: readonly StateSlot[], firedBy: readonly number[]): Array<StateSlot & { fired: number }> {
  return slots.map((slot, index) => ({ ...slot, fired: (firedBy[index] ?? 0) - (index === 0 ? 0 : (firedBy[index - 1] ?? 0)) }));
}

/** The minute of the first fire in 5-minute buckets, 1-5 to 86-90, every bucket. */
export function byMinute(fires: ReadonlyArray<{ minute: number; fired: number }>): MinuteBucket[] {
  const buckets: MinuteBucket[] = [];
  for (let from = 1; from <= LAST_MINUTE; from += BUCKET_MINUTES) buckets.push({ from, to: from + BUCKET_MINUTES - 1, fired: 0 });
  for (const { minute, fired } of fires) {
    const bucket = buckets[Math.floor((minute - 1) / BUCKET_MINUTES)];
    if (bucket) bucket.fired += fired;
  }
  return buckets;
}

/** The mean minute of the first fire, 2 decimals; null without a fire. */
export function averageMinute(fires: ReadonlyArray<{ minute: number; fired: number }>): number | null {
  let count = 0;
  let sum = 0;
  for (const { minute, fired } of fires) {
    count += fired;
    sum += minute * fired;
  }
  return count === 0 ? null : round(sum / count, 2);
}
