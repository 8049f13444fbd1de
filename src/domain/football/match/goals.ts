/**
 * Which goals fall in which period: the real result reproduced exactly, or a sampled one; then
 * the minute slot of every goal.
 */
import type { Random } from "../random.js";
import { binomial, cumulative, pickWeighted } from "./sampling.js";
import { sampleShootout, shootoutFor, type Kick } from "./shootout.js";
import type { GoalPair, MatchInput, ScriptPeriod, Side, Slot } from "./types.js";

export type GoalPlan = {
  /** Goals [home, away] per played period of open play: the halves, then the extra-time halves. */
  perPeriod: Array<[number, number]>;
  /** The shoot-out's kicks, or null when there was none. */
  kicks: Kick[] | null;
};

export type PlannedGoal = { side: Side; slot: number; penalty: boolean };

/** Share of the 90 minutes' goals scored in the first half (real football: about 45%). */
const FIRST_HALF_SHARE = 0.45;
/** Extra time is tired football: a little below the 90-minute scoring rate per minute. */
const EXTRA_TIME_RATE = (15 / 90) * 0.9;
const PENALTY_GOAL_SHARE = 0.1;
/** Goals get likelier as a period goes on: weight 1 at its start, 1 + LATE_BIAS at its end. */
const LATE_BIAS = 0.4;

function count(value: number | undefined): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/** Splits `total` goals of one side between two periods, `share` going to the first. */
function split(rng: Random, total: number, share: number): [number, number] {
  const first = binomial(rng, total, share);
  return [first, total - first];
}

function pair(home: [number, number], away: [number, number]): Array<[number, number]> {
  return [
    [home[0], away[0]],
    [home[1], away[1]],
  ];
}

/**
 * The real result: ht in the first half (split 45/55 when missing or inconsistent with ft),
 * et - ft in extra time, which is played only when `et` is given; `p` alone is a shoot-out
 * straight after 90' (Liga MX play-ins). An `et` below `ft` (bad data) counts as `ft`.
 */
function planReal(rng: Random, result: NonNullable<MatchInput["result"]>): GoalPlan {
  const ft = [count(result.ft[0]), count(result.ft[1])] as const;
  const ht = result.ht && count(result.ht[0]) <= ft[0] && count(result.ht[1]) <= ft[1] ? result.ht : undefined;
  const perPeriod = ht
    ? pair([count(ht[0]), ft[0] - count(ht[0])], [count(ht[1]), ft[1] - count(ht[1])])
    : pair(split(rng, ft[0], FIRST_HALF_SHARE), split(rng, ft[1], FIRST_HALF_SHARE));
  if (result.et) {
    const extraHome = Math.max(0, count(result.et[0]) - ft[0]);
    const extraAway = Math.max(0, count(result.et[1]) - ft[1]);
    perPeriod.push(...pair(split(rng, extraHome, 0.5), split(rng, extraAway, 0.5)));
  }
  const p = result.p;
  return { perPeriod, kicks: p ? shootoutFor(rng, [count(p[0]), count(p[1])]) : null };
}

function planSampled(rng: Random, input: MatchInput, xg: GoalPair): GoalPlan {
  const perPeriod: Array<[number, number]> = [
    [rng.poisson(xg[0] * FIRST_HALF_SHARE), rng.poisson(xg[1] * FIRST_HALF_SHARE)],
    [rng.poisson(xg[0] * (1 - FIRST_HALF_SHARE)), rng.poisson(xg[1] * (1 - FIRST_HALF_SHARE))],
  ];
  const total = (): GoalPair => [
    perPeriod.reduce((sum, goals) => sum + goals[0], 0),
    perPeriod.reduce((sum, goals) => sum + goals[1], 0),
  ];
  if (!input.knockout || total()[0] !== total()[1]) return { perPeriod, kicks: null };
  for (let half = 0; half < 2; half++) {
    perPeriod.push([rng.poisson(xg[0] * EXTRA_TIME_RATE), rng.poisson(xg[1] * EXTRA_TIME_RATE)]);
  }
  const [home, away] = total();
  return { perPeriod, kicks: home === away ? sampleShootout(rng) : null };
}

/** Expected goals made usable: finite, between 0.1 and 5. */
export function saneExpectedGoals(expected: MatchInput["expectedGoals"]): GoalPair {
  const sane = (value: number): number => (Number.isFinite(value) ? Math.min(5, Math.max(0.1, value)) : 1.3);
  return [sane(expected.home), sane(expected.away)];
}

export function planGoals(rng: Random, input: MatchInput): GoalPlan {
  return input.result ? planReal(rng, input.result) : planSampled(rng, input, saneExpectedGoals(input.expectedGoals));
}

/** Puts every planned goal into a minute slot of its period, by slot length and lateness. */
export function placeGoals(rng: Random, periods: readonly ScriptPeriod[], slots: readonly Slot[], plan: GoalPlan): PlannedGoal[] {
  const goals: PlannedGoal[] = [];
  plan.perPeriod.forEach((perSide, index) => {
    const period = periods[index];
    if (!period) return;
    const own = slots.slice(period.firstSlot, period.firstSlot + period.slotCount);
    const totals = cumulative(own.map((slot, k) => slot.weight * (1 + (LATE_BIAS * k) / own.length)));
    perSide.forEach((goalCount, sideIndex) => {
      for (let g = 0; g < goalCount; g++) {
        const slot = period.firstSlot + pickWeighted(rng, totals);
        goals.push({ side: sideIndex === 0 ? "home" : "away", slot, penalty: rng.chance(PENALTY_GOAL_SHARE) });
      }
    });
  });
  return goals.sort((a, b) => a.slot - b.slot);
}
