/**
 * Prediction metrics (PREDICTION_TYPES, ids 100-109) from the strength model's view of a
 * fixture before kick-off. Match-level entries have team_id 0 and location "league"; team
 * entries the team's id and location home/away.
 *
 * - 100-102: 1X2 probabilities as integer percents summing to 100.
 * - 103, 104: over 2.5 goals and both teams to score, percent.
 * - 105 PREDICTION_GL_CONFIDENCE: how sure the over/under 2.5 call is, |p(over) - 0.5| x 200.
 * - 106 TEAM_GOALS_CLASSIFICATION per team from its expected goals: 1 low (< 1.0),
 *   2 medium, 3 high (>= 1.6).
 * - 107 HOME_GOALS_ATTACK_POWER (home team) / 108 AWAY_GOALS_ATTACK_POWER (away team):
 *   50 x expected goals / the league's per-side average, capped at 0..100 (50 = league average).
 * - 109 PREDICTION_EXPECTED_GOALS x100 per team, and for the match (both teams) at team_id 0.
 */
import { PREDICTION_TYPES } from "../../types/match-types.js";
import type { Location, MetricEntry } from "../../fixture-parts.js";
import type { GoalMeans, MatchProbabilities } from "../model/poisson.js";
import { percent, percents } from "./percent.js";

export type PredictionInput = {
  homeTeamId: number;
  awayTeamId: number;
  probabilities: MatchProbabilities;
  expectedGoals: GoalMeans;
  /** The league's goals per match (StrengthModel's baseline), for the attack-power index. */
  leagueAverageGoals: number;
};

export const LOW_SCORING_BELOW = 1.0;
export const HIGH_SCORING_FROM = 1.6;

const TYPE_IDS = new Map(PREDICTION_TYPES.map((type) => [type.developer_name, type.type_id]));

export function predictionMetrics(input: PredictionInput): MetricEntry[] {
  const { probabilities: p, expectedGoals: xg } = input;
  const [home = 0, draw = 0, away = 0] = percents([p.fullTime.home, p.fullTime.draw, p.fullTime.away]);
  const over = p.overUnder["2.5"].over;
  const perSide = Math.max(input.leagueAverageGoals / 2, 0.1);
  const match = (name: string, value: number) => entry(name, 0, "league", value);
  return [
    match("PREDICTION_HOME_WIN_PROBABILITY", home),
    match("PREDICTION_DRAW_PROBABILITY", draw),
    match("PREDICTION_AWAY_WIN_PROBABILITY", away),
    match("PREDICTION_OVER_2_5_PROBABILITY", percent(over)),
    match("PREDICTION_BTTS_PROBABILITY", percent(p.bothTeamsScore.yes)),
    match("PREDICTION_GL_CONFIDENCE", Math.round(Math.min(1, Math.abs(over - 0.5) * 2) * 100)),
    entry("TEAM_GOALS_CLASSIFICATION", input.homeTeamId, "home", goalsClass(xg.home)),
    entry("TEAM_GOALS_CLASSIFICATION", input.awayTeamId, "away", goalsClass(xg.away)),
    entry("HOME_GOALS_ATTACK_POWER", input.homeTeamId, "home", attackPower(xg.home, perSide)),
    entry("AWAY_GOALS_ATTACK_POWER", input.awayTeamId, "away", attackPower(xg.away, perSide)),
    entry("PREDICTION_EXPECTED_GOALS", input.homeTeamId, "home", Math.round(xg.home * 100)),
    entry("PREDICTION_EXPECTED_GOALS", input.awayTeamId, "away", Math.round(xg.away * 100)),
    match("PREDICTION_EXPECTED_GOALS", Math.round((xg.home + xg.away) * 100)),
  ];
}

export function goalsClass(expectedGoals: number): 1 | 2 | 3 {
  if (expectedGoals < LOW_SCORING_BELOW) return 1;
  return expectedGoals >= HIGH_SCORING_FROM ? 3 : 2;
}

function attackPower(expectedGoals: number, perSideAverage: number): number {
  return Math.round(Math.min(100, Math.max(0, (50 * expectedGoals) / perSideAverage)));
}

function entry(developerName: string, teamId: number, location: Location, value: number): MetricEntry {
  const typeId = TYPE_IDS.get(developerName);
  if (typeId === undefined) throw new Error(`Unknown prediction type ${developerName}`);
  return { team_id: teamId, type_id: typeId, developer_name: developerName, value, location, group: "predictions" };
}
