import type { FixtureStatus } from "../catalogue/statuses.js";
import type { FixtureSearchFields } from "../text/search-fields.js";
import type { EffectiveValue, MetricEntry, Period, Score, StatEntry } from "./fixture-parts.js";
import type { PackedFairOdds } from "./packing/fair-odds.js";
import type { PackedMovement } from "./packing/movement.js";
import type { PackedOdd } from "./packing/odds.js";
import type { PackedTrends } from "./packing/trends.js";

/** Translations of the names a fixture shows, by ISO 639-1 code (English is the main field). */
export type FixtureNames = {
  country?: Record<string, string>;
  league?: Record<string, string>;
  /** By team id. */
  teams?: Record<string, Record<string, string>>;
};

/**
 * A fixture as stored in the fixtures index: everything a response needs,
 * denormalized, so one search answers /fixtures, /livescores and /fixtures/search.
 * Odds, movement, fair odds and trends are only returned, never queried: they are
 * stored packed (src/domain/packing/, about a tenth of their JSON size) and expanded
 * by the presenter. `effective` and `search` are indexed but left out of `_source`
 * (indices/fixtures.json); every writer recomputes them from the stored fields.
 */
export type FixtureDocument = {
  id: number;
  sport: { id: number; name: string };
  date_time: string;
  status: FixtureStatus;
  is_live: boolean;
  /** Global match minute while in play, else null. */
  minute: number | null;
  country: { id: number; name: string; alpha3: string };
  league: { id: number; name: string; level: number; code: string };
  season: { id: number; name: string; starting_at: string | null; ending_at: string | null; is_current: boolean };
  stage: { id: number; name: string } | null;
  group: { id: number; name: string } | null;
  round: string;
  participants: Array<{ id: number; name: string; location: "home" | "away"; position: number | null }>;
  home_team_id: number;
  away_team_id: number;
  names: FixtureNames;
  /** Folded team names, for fixture entity search (src/text/search-fields.ts). */
  search: FixtureSearchFields;
  scores: Score[];
  periods: Period[];
  statistics: StatEntry[];
  metrics: MetricEntry[];
  effective: EffectiveValue[];
  odds: PackedOdd[];
  fair_odds: PackedFairOdds | null;
  movement: PackedMovement[];
  trends: PackedTrends | null;
  /** What the live simulator needs to move the match on (seed, expected goals, knockout). */
  simulation: { seed: string; expected_goals: { home: number; away: number }; knockout: boolean; simulated: boolean } | null;
  updated_at: string;
};

/**
 * The values where/order use: each statistic, and each metric that no statistic of
 * the same name and location overrides (the in-play statistic wins over the
 * pre-match metric, DECISIONS.md). Kept in the document so a nested query and a
 * nested sort read one path, with no scripts.
 */
export function effectiveValues(statistics: StatEntry[], metrics: MetricEntry[]): EffectiveValue[] {
  const byKey = new Map<string, EffectiveValue>();
  for (const entry of metrics) {
    byKey.set(`${entry.developer_name}|${entry.location}`, {
      name: entry.developer_name,
      location: entry.location,
      value: entry.value,
    });
  }
  for (const entry of statistics) {
    byKey.set(`${entry.developer_name}|${entry.location}`, {
      name: entry.developer_name,
      location: entry.location,
      value: entry.value,
    });
  }
  return [...byKey.values()];
}
