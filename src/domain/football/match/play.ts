/**
 * Open play, minute slot by minute slot: possession, attacks, shots, corners, fouls and cards
 * for both teams, around the goals and incidents planned before. Rates are per team and 90
 * minutes of real football (attacks ~105, dangerous ~50, shots ~12, on target ~4.5, corners ~5,
 * fouls ~11.5, yellow cards ~2, offsides ~2); the side with the higher expected goals gets more
 * of the ball, attacks and shots, and a trailing or fuller side pushes more.
 */
import type { Random } from "../random.js";
import type { PlannedGoal } from "./goals.js";
import type { Incidents } from "./incidents.js";
import { binomial, clamp } from "./sampling.js";
import { CHANNELS, SIDES, type ChannelSeries, type GoalPair, type ScriptPeriod, type Side, type Slot } from "./types.js";

/** Minutes of a typical 90-minute match with its added time. */
const NOMINAL_MINUTES = 98;
const ATTACKS_PER_MINUTE = 105 / NOMINAL_MINUTES;
const FOULS_PER_MINUTE = 11.2 / NOMINAL_MINUTES;
const SHOTS_PER_MATCH = 12.3;
const LONG_SHOT_PER_ATTACK = 0.04;
const INSIDE_SHARE_OF_DANGER_SHOTS = 0.8;
const ON_TARGET_INSIDE = 0.31;
const ON_TARGET_OUTSIDE = 0.2;
const CORNER_PER_DANGER = 0.1;
const OFFSIDE_PER_ATTACK = 0.019;
const RED_PER_FOUL = 0.006;
const PENALTY_XG = 76;
const PRESSURE_WINDOW = 10;
const PRESSURE_SCALE = 6;

type Team = { dangerShare: number; shotPerDanger: number };

function zeros(length: number): number[] {
  const values: number[] = [];
  for (let i = 0; i < length; i++) values.push(0);
  return values;
}

export function emptySeries(length: number): ChannelSeries {
  const series = {} as ChannelSeries;
  for (const channel of CHANNELS) series[channel] = zeros(length);
  return series;
}

/** Attacks per minute of a side having `ball` percent of the ball in that minute. */
function attackRate(ball: number): number {
  return ATTACKS_PER_MINUTE * (ball / 50) ** 0.8;
}

/**
 * A side's conversion rates, tuned so that its shots (goals included) come to about
 * SHOTS_PER_MATCH * sqrt(xG / 1.35) over a match at its usual possession.
 */
function team(expectedGoals: number, goalShare: number, possession: number): Team {
  const dangerShare = clamp(0.46 + 0.25 * (goalShare - 0.5), 0.35, 0.6);
  const attacks = attackRate(possession) * NOMINAL_MINUTES;
  const shots = SHOTS_PER_MATCH * Math.sqrt(expectedGoals / 1.35) - expectedGoals;
  const shotPerDanger = (shots - LONG_SHOT_PER_ATTACK * attacks * (1 - dangerShare)) / (attacks * dangerShare);
  return { dangerShare, shotPerDanger: clamp(shotPerDanger, 0.08, 0.45) };
}

function shotXg(rng: Random, inside: boolean, goal: boolean): number {
  const u = rng.next();
  if (goal) return inside ? 6 + Math.round(64 * u ** 1.6) : 3 + Math.round(9 * u);
  return inside ? 3 + Math.round(47 * u ** 6) : 1 + Math.round(7 * u ** 1.5);
}

function addShot(series: ChannelSeries, t: number, inside: boolean, onTarget: boolean, xg: number): void {
  bump(series.SHOTS_TOTAL, t);
  bump(series[inside ? "SHOTS_INSIDEBOX" : "SHOTS_OUTSIDEBOX"], t);
  bump(series[onTarget ? "SHOTS_ON_TARGET" : "SHOTS_OFF_TARGET"], t);
  bump(series.EXPECTED_GOALS, t, xg);
}

function yellowPerFoul(minute: number): number {
  return 0.11 + 0.12 * Math.min(1, minute / 90);
}

function bump(values: number[], t: number, by = 1): void {
  values[t] = (values[t] ?? 0) + by;
}

/** Turns per-slot levels into deltas whose running sum is the level. */
function toDeltas(levels: number[]): number[] {
  return levels.map((level, t) => level - (t === 0 ? 0 : (levels[t - 1] ?? 0)));
}

/** What the slots of one match share while they are played. */
type PlayState = {
  series: Record<Side, ChannelSeries>;
  score: Record<Side, number>;
  reds: Record<Side, number>;
};

export function simulatePlay(
  rng: Random,
  periods: readonly ScriptPeriod[],
  slots: readonly Slot[],
  expectedGoals: GoalPair,
  goals: readonly PlannedGoal[],
  incidents: Record<Side, Incidents>,
): Record<Side, ChannelSeries> {
  const homeShareOfGoals = expectedGoals[0] / (expectedGoals[0] + expectedGoals[1]);
  const basePossession = clamp(50 + 44 * (homeShareOfGoals - 0.5) + rng.normal(0, 3), 30, 70);
  const teams: Record<Side, Team> = {
    home: team(expectedGoals[0], homeShareOfGoals, basePossession),
    away: team(expectedGoals[1], 1 - homeShareOfGoals, 100 - basePossession),
  };
  const state: PlayState = {
    series: { home: emptySeries(slots.length), away: emptySeries(slots.length) },
    score: { home: 0, away: 0 },
    reds: { home: 0, away: 0 },
  };
  addPlannedIncidents(state.series, incidents);
  const load = { home: zeros(slots.length), away: zeros(slots.length) };
  const pressure = { home: zeros(slots.length), away: zeros(slots.length) };
  const possession = zeros(slots.length);
  let goalCursor = 0;
  let homeBallMinutes = 0;
  let playedMinutes = 0;
  for (let t = 0; t < slots.length; t++) {
    const slot = slots[t] as Slot;
    const share = homeBallShare(rng, basePossession, state);
    homeBallMinutes += share * slot.weight;
    playedMinutes += slot.weight;
    possession[t] = Math.round(homeBallMinutes / playedMinutes);
    for (const side of SIDES) {
      playSideSlot(rng, state, side, teams[side], side === "home" ? share : 100 - share, slot, t);
      addMissedPenalties(rng, state, side, incidents[side].misses, t);
    }
    goalCursor = addGoalsUpTo(rng, state, goals, goalCursor, t);
    const period = periods[slot.period] as ScriptPeriod;
    for (const side of SIDES) {
      const own = state.series[side];
      load[side][t] = (own.DANGEROUS_ATTACKS[t] ?? 0) + 1.5 * (own.SHOTS_TOTAL[t] ?? 0) + 0.5 * (own.CORNERS[t] ?? 0);
      pressure[side][t] = pressureAt(load[side], t, period.firstSlot);
    }
  }
  const { series } = state;
  series.home.BALL_POSSESSION = toDeltas(possession);
  series.away.BALL_POSSESSION = toDeltas(possession.map((value) => 100 - value));
  series.home.PRESSURE_INDEX = toDeltas(pressure.home);
  series.away.PRESSURE_INDEX = toDeltas(pressure.away);
  return series;
}

function addPlannedIncidents(series: Record<Side, ChannelSeries>, incidents: Record<Side, Incidents>): void {
  for (const side of SIDES) {
    for (const t of incidents[side].injuries) bump(series[side].INJURIES, t);
    for (const t of incidents[side].substitutions) bump(series[side].SUBSTITUTIONS, t);
  }
}

/** The home side's share of the ball in one slot: a trailing side pushes, a side a man down gives way. */
function homeBallShare(rng: Random, basePossession: number, state: PlayState): number {
  const trailing = clamp(state.score.away - state.score.home, -2, 2);
  return clamp(rng.normal(basePossession + 3 * trailing - 7 * (state.reds.home - state.reds.away), 9), 15, 85);
}

/** One side's open play in one slot: attacks and the shots they give, corners, offsides, fouls and cards. */
function playSideSlot(rng: Random, state: PlayState, side: Side, model: Team, ball: number, slot: Slot, t: number): void {
  const own = state.series[side];
  const w = slot.weight;
  const attacks = rng.poisson(attackRate(ball) * w);
  const danger = binomial(rng, attacks, model.dangerShare);
  bump(own.ATTACKS, t, attacks);
  bump(own.DANGEROUS_ATTACKS, t, danger);
  for (let i = 0; i < attacks; i++) {
    const dangerous = i < danger;
    if (!rng.chance(dangerous ? model.shotPerDanger : LONG_SHOT_PER_ATTACK)) continue;
    const inside = dangerous && rng.chance(INSIDE_SHARE_OF_DANGER_SHOTS);
    addShot(own, t, inside, rng.chance(inside ? ON_TARGET_INSIDE : ON_TARGET_OUTSIDE), shotXg(rng, inside, false));
  }
  bump(own.CORNERS, t, binomial(rng, danger, CORNER_PER_DANGER));
  bump(own.OFFSIDES, t, binomial(rng, attacks, OFFSIDE_PER_ATTACK));
  const fouls = rng.poisson(FOULS_PER_MINUTE * ((100 - ball) / 50) ** 0.6 * w);
  bump(own.FOULS, t, fouls);
  bump(own.YELLOWCARDS, t, binomial(rng, fouls, yellowPerFoul(slot.minute)));
  if (state.reds[side] < 2 && binomial(rng, fouls, RED_PER_FOUL) > 0) {
    bump(own.REDCARDS, t);
    state.reds[side]++;
  }
}

/** A planned missed penalty: the attack, the shot and the foul that gave it. */
function addMissedPenalties(rng: Random, state: PlayState, side: Side, misses: readonly number[], t: number): void {
  const own = state.series[side];
  for (const miss of misses) {
    if (miss !== t) continue;
    bump(own.ATTACKS, t);
    bump(own.DANGEROUS_ATTACKS, t);
    bump(own.PENALTIES, t);
    bump(own.PENALTIES_MISSES, t);
    addShot(own, t, true, rng.chance(0.7), PENALTY_XG);
    bump(state.series[opponent(side)].FOULS, t);
  }
}

/** The planned goals up to slot `t`, each with its attack and shot; returns the next goal's index. */
function addGoalsUpTo(rng: Random, state: PlayState, goals: readonly PlannedGoal[], cursor: number, t: number): number {
  let next = cursor;
  for (; next < goals.length && (goals[next]?.slot ?? Infinity) <= t; next++) {
    const goal = goals[next] as PlannedGoal;
    const own = state.series[goal.side];
    bump(own.GOALS, t);
    bump(own.ATTACKS, t);
    bump(own.DANGEROUS_ATTACKS, t);
    const inside = goal.penalty || rng.chance(0.87);
    addShot(own, t, inside, true, goal.penalty ? PENALTY_XG : shotXg(rng, inside, true));
    if (goal.penalty) {
      bump(own.PENALTIES, t);
      bump(state.series[opponent(goal.side)].FOULS, t);
    }
    state.score[goal.side]++;
  }
  return next;
}

function opponent(side: Side): Side {
  return side === "home" ? "away" : "home";
}

/**
 * Pressure index: the load (dangerous attacks + 1.5 x shots + 0.5 x corners) of the last ten
 * minutes of the running period, the older the lighter, squashed into 0-100. A break clears it.
 */
function pressureAt(load: readonly number[], t: number, periodStart: number): number {
  let recent = 0;
  for (let back = 0; back < PRESSURE_WINDOW && t - back >= periodStart; back++) {
    recent += (load[t - back] ?? 0) * (1 - back / PRESSURE_WINDOW);
  }
  return Math.round(100 * (1 - Math.exp(-recent / PRESSURE_SCALE)));
}
