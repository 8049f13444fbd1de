/**
 * The parts of a fixture document as they are stored (and, after narrowing and
 * localization, returned). Field names are the API's (docs/api-behaviour.md, "Fixture shape per endpoint").
 */

export type Location = "home" | "away" | "league";

/** One Score entry: one per side and developer_name (docs/api-behaviour.md, "Scores"). */
export type Score = {
  fixture_id: number;
  team_id: number;
  value: number;
  developer_name: "1ST_HALF" | "2ND_HALF" | "2ND_HALF_ONLY" | "CURRENT";
};

export type PeriodName = "1ST_HALF" | "2ND_HALF" | "EXTRA_TIME_1ST" | "EXTRA_TIME_2ND" | "PENALTIES";

/** One Period entry; started/ended are Unix seconds, ended null while the period runs. */
export type Period = {
  period_id: number;
  fixture_id: number;
  started: number;
  ended: number | null;
  counts_from: number;
  ticking: 0 | 1;
  sort_order: number;
  time_added: number;
  period_length: number;
  minutes: number;
  seconds: number;
  developer_name: PeriodName;
};

/** A statistic or metric entry; `location` says whose value it is (team_id 0 is league/match level). */
export type StatEntry = {
  team_id: number;
  type_id: number;
  developer_name: string;
  value: number;
  location: Location;
};

export type MetricEntry = StatEntry & { group: "predictions" | "smart_money" | "league_average" };

/** The value where/order match and sort on: the statistic when present, else the metric. */
export type EffectiveValue = { name: string; location: Location; value: number };

/**
 * Per-minute trends, stored compactly: one series per team and trend type, holding
 * per-minute deltas over the fixture's trend minutes (see `TrendMinutes`); the
 * presenter expands them into Trend entries with cumulative values.
 */
export type TrendMinutes = Array<{ period_id: number; first_minute: number; count: number }>;
export type TrendSeries = { team_id: number; type_id: number; deltas: number[] };
export type CompactTrends = { minutes: TrendMinutes; series: TrendSeries[] };

/** An odd (Selection) as stored; narrowed by filter[odds] in the presenter. */
export type Odd = {
  odd_id: number;
  fixture_id: number;
  market_id: number;
  bookmaker_id: number;
  is_live: 0 | 1;
  label_id: number;
  value: number;
  handicap: number;
  line: number;
  last_update: number;
  suspend: 0 | 1;
  sp: number;
  home_score: number;
  away_score: number;
  status: number;
  raw: {
    event_id: string;
    market_id: string;
    selection_id: string;
    is_betbuilder: boolean;
    market_type_id: string;
    selection_type_id: number;
  };
  outcome: string;
  market_description: string;
  market_name: string;
  label_name: string;
};

export type FairOdd = {
  market_id: number;
  market_name: string;
  label_id: number;
  label_name: string;
  probability: number;
  fair_value: number;
  model_id: number;
  updated_at: string;
};

export type Movement = {
  odd_id: number;
  bookmaker_id: number;
  market_id: number;
  label_id: number;
  history: Array<{ value: number; timestamp: number }>;
};

/** Settlement status codes for odds and bet builders (docs/api-behaviour.md, "Settlement codes"). */
export const SETTLEMENT = { PENDING: 0, WON: 1, LOST: 2, VOID: 3, HALF_WON: 4, HALF_LOST: 5 } as const;
