/**
 * Types of the match simulator: the input (a fixture with its real result, if any), and the
 * script, the whole modelled timeline of a match from which any moment can be projected.
 */
import type { PeriodName } from "../../fixture-parts.js";

export type Side = "home" | "away";
export const SIDES: readonly Side[] = ["home", "away"];

/** A pair of goal counts, home first, as openfootball writes scores. */
export type GoalPair = readonly [home: number, away: number];

/**
 * A real result in openfootball's shape: `ht` after 45', `ft` after 90', `et` the total after
 * 120' (cumulative, including `ft`), `p` the penalty shoot-out alone.
 */
export type MatchResult = { ht?: GoalPair; ft: GoalPair; et?: GoalPair; p?: GoalPair };

export type MatchInput = {
  seed: string;
  fixtureId: number;
  homeTeamId: number;
  awayTeamId: number;
  /** Unix seconds. */
  kickoffUnix: number;
  /** Goals each side is expected to score in 90 minutes (from a strength model). */
  expectedGoals: { home: number; away: number };
  /** The real result; without it the goals are sampled from `expectedGoals`. */
  result?: MatchResult;
  /** Only for a sampled match: level after 90' goes to extra time, then penalties. */
  knockout?: boolean;
};

/**
 * What the script records per team and minute slot: every trend type (by its developer_name)
 * plus FOULS and OFFSIDES, which are statistics without a trend. Stored as per-slot deltas;
 * for BALL_POSSESSION and PRESSURE_INDEX the running sum is the current level.
 */
export const CHANNELS = [
  "GOALS",
  "PENALTIES",
  "PENALTIES_MISSES",
  "SHOTS_ON_TARGET",
  "SHOTS_OFF_TARGET",
  "SHOTS_TOTAL",
  "SHOTS_INSIDEBOX",
  "SHOTS_OUTSIDEBOX",
  "BALL_POSSESSION",
  "CORNERS",
  "ATTACKS",
  "DANGEROUS_ATTACKS",
  "YELLOWCARDS",
  "REDCARDS",
  "SUBSTITUTIONS",
  "INJURIES",
  "EXPECTED_GOALS",
  "PRESSURE_INDEX",
  "FOULS",
  "OFFSIDES",
] as const;
export type Channel = (typeof CHANNELS)[number];

/** Per-slot deltas of every channel for one team. */
export type ChannelSeries = Record<Channel, number[]>;

/** One played period (or the shoot-out) with its place on the clock. */
export type ScriptPeriod = {
  /** 1 first half, 2 second half, 3 and 4 the extra-time halves, 5 the shoot-out. */
  n: 1 | 2 | 3 | 4 | 5;
  name: PeriodName;
  /** fixtureId * 10 + n. */
  periodId: number;
  sortOrder: number;
  countsFrom: number;
  /** Regular minutes: 45, 15 for an extra-time half, 0 for the shoot-out. */
  length: number;
  added: number;
  startUnix: number;
  endUnix: number;
  /** The period's minute slots: script slots firstSlot .. firstSlot + slotCount - 1. */
  firstSlot: number;
  slotCount: number;
};

/**
 * One trend minute of one period. Slot k of a period covers its elapsed seconds
 * [60k, 60k + 60); the last slot runs to the final whistle. `weight` is its length in minutes.
 */
export type Slot = { period: number; minute: number; startUnix: number; weight: number };

export type MatchEventType = "goal" | "penalty_miss" | "yellowcard" | "redcard" | "substitution" | "injury";

/** A notable event for timelines and commentary (the counts live in `series`). */
export type MatchEvent = { type: MatchEventType; side: Side; slot: number; minute: number; periodId: number; penalty?: boolean };

export type ShootoutKick = { side: Side; scored: boolean; atUnix: number };
export type Shootout = { home: number; away: number; kicks: ShootoutKick[] };

export type MatchScript = {
  fixtureId: number;
  homeTeamId: number;
  awayTeamId: number;
  kickoffUnix: number;
  /** Played periods in order, the shoot-out last when there was one. */
  periods: ScriptPeriod[];
  slots: Slot[];
  series: Record<Side, ChannelSeries>;
  events: MatchEvent[];
  shootout: Shootout | null;
  /** Unix seconds of the final whistle (end of the last period). */
  endUnix: number;
};
