import type { TypeDefinition } from "./developer-types.js";

type Row = [type_id: number, developer_name: string, name: string, unit: string];

function group(developer_type: TypeDefinition["developer_type"], rows: Row[]): TypeDefinition[] {
  return rows.map(([type_id, developer_name, name, unit]) => ({ type_id, developer_name, name, developer_type, unit }));
}

/**
 * Match statistics: per team (team_id of the team) and per match (team_id 0, the
 * sum of both teams; for BALL_POSSESSION there is no match-level entry). CORNERS
 * keeps its fixed id 34 (docs/api-behaviour.md, "Fixed type ids"). Live while a match is in play.
 */
export const STATISTIC_TYPES = group("statistics", [
  [34, "CORNERS", "Corners", "count"],
  [41, "SHOTS_OFF_TARGET", "Shots off target", "count"],
  [42, "SHOTS_TOTAL", "Shots total", "count"],
  [43, "ATTACKS", "Attacks", "count"],
  [44, "DANGEROUS_ATTACKS", "Dangerous attacks", "count"],
  [45, "BALL_POSSESSION", "Ball possession", "percent"],
  [47, "PENALTIES", "Penalties", "count"],
  [49, "SHOTS_INSIDEBOX", "Shots inside the box", "count"],
  [50, "SHOTS_OUTSIDEBOX", "Shots outside the box", "count"],
  [51, "OFFSIDES", "Offsides", "count"],
  [52, "GOALS", "Goals", "count"],
  [56, "FOULS", "Fouls", "count"],
  [57, "SAVES", "Saves", "count"],
  [59, "SUBSTITUTIONS", "Substitutions", "count"],
  [83, "REDCARDS", "Red cards", "count"],
  [84, "YELLOWCARDS", "Yellow cards", "count"],
  [86, "SHOTS_ON_TARGET", "Shots on target", "count"],
  [87, "INJURIES", "Injuries", "count"],
  [5304, "EXPECTED_GOALS", "Expected goals", "xG x100"],
]);

/** Per-minute trend stats with their fixed ids and names, in table order (docs/api-behaviour.md, "Fixed type ids"). */
export const TREND_TYPES = group("trends", [
  [15, "GOALS", "Goals", "cumulative count"],
  [14, "PENALTIES", "Penalties", "cumulative count"],
  [53, "PENALTIES_MISSES", "Missed penalties", "cumulative count"],
  [22, "SHOTS_ON_TARGET", "Shots on target", "cumulative count"],
  [12, "SHOTS_OFF_TARGET", "Shots off target", "cumulative count"],
  [11, "SHOTS_TOTAL", "Shots total", "cumulative count"],
  [27, "SHOTS_INSIDEBOX", "Shots inside the box", "cumulative count"],
  [28, "SHOTS_OUTSIDEBOX", "Shots outside the box", "cumulative count"],
  [25, "BALL_POSSESSION", "Ball possession", "running percent 0-100"],
  [13, "CORNERS", "Corners", "cumulative count"],
  [9, "ATTACKS", "Attacks", "cumulative count"],
  [10, "DANGEROUS_ATTACKS", "Dangerous attacks", "cumulative count"],
  [20, "YELLOWCARDS", "Yellow cards", "cumulative count"],
  [19, "REDCARDS", "Red cards", "cumulative count"],
  [16, "SUBSTITUTIONS", "Substitutions", "cumulative count"],
  [23, "INJURIES", "Injuries", "cumulative count"],
  [117, "EXPECTED_GOALS", "Expected goals", "cumulative xG x100"],
  [118, "PRESSURE_INDEX", "Pressure index", "rolling score 0-100"],
]);

/**
 * Model predictions (modelled data). PREDICTION_GL_CONFIDENCE keeps id 105;
 * TEAM_GOALS_CLASSIFICATION and HOME_GOALS_ATTACK_POWER get ids of their own here.
 */
export const PREDICTION_TYPES = group("predictions", [
  [100, "PREDICTION_HOME_WIN_PROBABILITY", "Probability of a home win", "percent"],
  [101, "PREDICTION_DRAW_PROBABILITY", "Probability of a draw", "percent"],
  [102, "PREDICTION_AWAY_WIN_PROBABILITY", "Probability of an away win", "percent"],
  [103, "PREDICTION_OVER_2_5_PROBABILITY", "Probability of over 2.5 goals", "percent"],
  [104, "PREDICTION_BTTS_PROBABILITY", "Probability that both teams score", "percent"],
  [105, "PREDICTION_GL_CONFIDENCE", "Confidence of the goal-line (over/under 2.5) prediction", "percent"],
  [106, "TEAM_GOALS_CLASSIFICATION", "Team goals classification (1 low, 2 medium, 3 high scoring)", "class 1-3"],
  [107, "HOME_GOALS_ATTACK_POWER", "Home team's attacking power at home", "index 0-100"],
  [108, "AWAY_GOALS_ATTACK_POWER", "Away team's attacking power away", "index 0-100"],
  [109, "PREDICTION_EXPECTED_GOALS", "Expected goals of the team (match level: both teams)", "goals x100"],
]);

/** Where money from sharp bettors goes (modelled data). */
export const SMART_MONEY_TYPES = group("smart_money", [
  [200, "SMART_MONEY_HOME_PERCENT", "Share of smart money on the home win", "percent"],
  [201, "SMART_MONEY_DRAW_PERCENT", "Share of smart money on the draw", "percent"],
  [202, "SMART_MONEY_AWAY_PERCENT", "Share of smart money on the away win", "percent"],
  [203, "SMART_MONEY_OVER_2_5_PERCENT", "Share of smart money on over 2.5 goals", "percent"],
  [204, "SMART_MONEY_HOME_ODDS_DROP", "Drop of the home price since opening", "percent x100"],
  [205, "SMART_MONEY_AWAY_ODDS_DROP", "Drop of the away price since opening", "percent x100"],
]);
