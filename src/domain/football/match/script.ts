/**
 * The match simulator: from a fixture (and its real result, when there is one) to the script of
 * the whole match, deterministic for a seed. Only scores are real; every other number is
 * modelled, consistent with them. `projectMatch` (projection.ts) reads any moment of a script.
 *
 * - A real result is reproduced exactly: `ht` in the first half (split about 45/55 when missing
 *   or above `ft`), `ft - ht` in the second, `et - ft` in extra time (`et` is the total after
 *   120'), `p` as the shoot-out alone. Extra time is played only when `et` is given; `p` without
 *   `et` is a shoot-out straight after 90'. `knockout` matters only without a result.
 * - Periods: ids `fixtureId * 10 + n` (1 first half, 2 second half, 3/4 extra-time halves,
 *   5 penalties); minute slots and their numbering as in clock.ts.
 * - Independent random streams per concern (`<seed>:goals`, `:clock`, `:incidents`, `:play`)
 *   keep e.g. the added time of a fixture unchanged when only its result changes.
 */
import { Random } from "../random.js";
import { buildClock, type Clock } from "./clock.js";
import { placeGoals, planGoals, saneExpectedGoals, type GoalPlan, type PlannedGoal } from "./goals.js";
import { planIncidents } from "./incidents.js";
import { simulatePlay } from "./play.js";
import type { Kick } from "./shootout.js";
import {
  SIDES,
  type ChannelSeries,
  type MatchEvent,
  type MatchEventType,
  type MatchInput,
  type MatchScript,
  type ScriptPeriod,
  type Shootout,
  type Side,
  type Slot,
} from "./types.js";

export type * from "./types.js";

const COUNTED_EVENTS: ReadonlyArray<[MatchEventType, keyof ChannelSeries]> = [
  ["penalty_miss", "PENALTIES_MISSES"],
  ["yellowcard", "YELLOWCARDS"],
  ["redcard", "REDCARDS"],
  ["substitution", "SUBSTITUTIONS"],
  ["injury", "INJURIES"],
];

function collectEvents(
  periods: readonly ScriptPeriod[],
  slots: readonly Slot[],
  goals: readonly PlannedGoal[],
  series: Record<Side, ChannelSeries>,
): MatchEvent[] {
  const events: MatchEvent[] = [];
  const at = (t: number): Pick<MatchEvent, "slot" | "minute" | "periodId"> => {
    const slot = slots[t] as Slot;
    return { slot: t, minute: slot.minute, periodId: (periods[slot.period] as ScriptPeriod).periodId };
  };
  for (const goal of goals) events.push({ type: "goal", side: goal.side, ...at(goal.slot), penalty: goal.penalty });
  for (const [type, channel] of COUNTED_EVENTS) {
    for (const side of SIDES) {
      series[side][channel].forEach((count, t) => {
        for (let i = 0; i < count; i++) events.push({ type, side, ...at(t) });
      });
    }
  }
  // Stable: within a slot, goals first, then by type as listed, home before away.
  return events.sort((a, b) => a.slot - b.slot);
}

/** The match clock of a script, which follows its goal plan (extra time, the shoot-out's kicks). */
function clockFor(input: MatchInput, plan: GoalPlan): Clock {
  return buildClock(new Random(`${input.seed}:clock`), input.fixtureId, input.kickoffUnix, plan.perPeriod.length > 2, plan.kicks ? plan.kicks.length : null);
}

/**
 * What `simulateMatch(input)` decides before the match is played: the goals of each period of
 * open play (the halves, then the extra-time halves) and the clock. Every goal of the script is
 * one of these, in its period: a table or the strength model needs no more of a match
 * (`playedGoals` in played-outcome.ts), and this is a small part of playing it.
 */
export function scriptedGoals(input: MatchInput): { perPeriod: ReadonlyArray<readonly [number, number]>; clock: Clock } {
  const plan = planGoals(new Random(`${input.seed}:goals`), input);
  return { perPeriod: plan.perPeriod, clock: clockFor(input, plan) };
}

function timedShootout(kicks: readonly Kick[], times: readonly number[]): Shootout {
  const timed = kicks.map((kick, i) => ({ ...kick, atUnix: times[i] ?? 0 }));
  const tally = (side: Side): number => timed.filter((kick) => kick.side === side && kick.scored).length;
  return { home: tally("home"), away: tally("away"), kicks: timed };
}

export function simulateMatch(input: MatchInput): MatchScript {
  const goalsRng = new Random(`${input.seed}:goals`);
  const plan = planGoals(goalsRng, input);
  const clock = clockFor(input, plan);
  const goals = placeGoals(goalsRng, clock.periods, clock.slots, plan);
  const expectedGoals = saneExpectedGoals(input.expectedGoals);
  const incidentsRng = new Random(`${input.seed}:incidents`);
  const incidents = {
    home: planIncidents(incidentsRng, clock.periods, clock.slots, expectedGoals[0]),
    away: planIncidents(incidentsRng, clock.periods, clock.slots, expectedGoals[1]),
  };
  const series = simulatePlay(new Random(`${input.seed}:play`), clock.periods, clock.slots, expectedGoals, goals, incidents);
  return {
    fixtureId: input.fixtureId,
    homeTeamId: input.homeTeamId,
    awayTeamId: input.awayTeamId,
    kickoffUnix: input.kickoffUnix,
    periods: clock.periods,
    slots: clock.slots,
    series,
    events: collectEvents(clock.periods, clock.slots, goals, series),
    shootout: plan.kicks ? timedShootout(plan.kicks, clock.kickTimes) : null,
    endUnix: clock.endUnix,
  };
}
