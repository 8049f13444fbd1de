/**
 * Broad ranges on pre-match metrics, so every page is full and the order has work to do: the
 * `where` and `order` the search benchmarks and the API differential send (slices of WHERE).
 */
export const BROAD_ORDER = "order[PREDICTION_GL_CONFIDENCE]=DESC";
export const BROAD_WHERE = [
  "where[OVERALL_GOALS_SCORED]=1000:2000",
  "where[PREDICTION_OVER_2_5_PROBABILITY]=30:80",
  "where[PREDICTION_EXPECTED_GOALS]=50:300:HOME",
  "where[HOME_CORNERS_SCORED]=3000:7000",
  "where[AWAY_YELLOWCARDS_SCORED]=1000:3000",
  "where[PREDICTION_BTTS_PROBABILITY]=20:80",
  "where[SMART_MONEY_HOME_PERCENT]=0:100",
  "where[TEAM_GOALS_CLASSIFICATION]=1:3:AWAY",
  "where[HOME_GOALS_ATTACK_POWER]=0:100:HOME",
  "where[OVERALL_SHOTS_ON_TARGET_SCORED]=2000:6000",
] as const;
