import type { FixtureStatus } from "../../src/domain/types/statuses.js";
import { isInPlay } from "../../src/domain/types/statuses.js";
import { FILTERABLE_TYPES } from "../../src/domain/types/types.js";
import { effectiveValues, type FixtureDocument } from "../../src/domain/fixture/fixture-document.js";
import type { Location, MetricEntry, StatEntry } from "../../src/domain/fixture-parts.js";
import type { TestEnv } from "./test-env.js";
import { fixtureSearchFields } from "../../src/domain/text/search-fields.js";
import type { PackedOdd } from "../../src/domain/fixture/packed-odds.js";
import { settledSelections } from "../../src/domain/fixture/settled-selections.js";
import { finalResult } from "../../src/domain/fixture/final-result.js";
import type { CompactTrends, Score } from "../../src/domain/fixture-parts.js";
import { inPlayFields } from "../../src/domain/fixture/in-play-states.js";
import { packTrends } from "../../src/domain/fixture/packed-trends.js";

/**
 * Fixture documents with exactly the values a /fixtures/search test needs, written
 * straight into a test env's fixtures alias. `effective` is computed by the
 * production `effectiveValues`, so "the statistic wins over the metric" is the real
 * rule, and it is indexed (only left out of `_source`) like every stored fixture.
 */

/** `[developer_name, location, value]`, e.g. `["CORNERS", "home", 5]`. */
export type ValueSpec = [name: string, location: Location, value: number];

export type SearchFixtureSpec = {
  id: number;
  date_time: string | Date;
  status?: FixtureStatus;
  league_id?: number;
  statistics?: ValueSpec[];
  metrics?: ValueSpec[];
  /** Packed odds (settled ones become `settled_selections` once the status is finished), default none. */
  odds?: PackedOdd[];
  /** The home and the away team's ids, default 9001 and 9002 ("Home Town" and "Away City"). */
  teams?: [home: number, away: number];
  /** CURRENT goals of the home and the away side, default no scores. */
  goals?: [home: number, away: number];
  /** Per-minute trends (the in-play backtest's states come from them once finished), default none. */
  trends?: CompactTrends;
};

const HOME_TEAM = 9001;
const AWAY_TEAM = 9002;

function teamId(location: Location): number {
  return location === "home" ? HOME_TEAM : location === "away" ? AWAY_TEAM : 0;
}

function typeId(name: string): number {
  const type = FILTERABLE_TYPES.get(name);
  if (!type) throw new Error(`test fixture: ${name} is not a statistics or metrics developer_name`);
  return type.type_id;
}

function statEntry([name, location, value]: ValueSpec): StatEntry {
  return { team_id: teamId(location), type_id: typeId(name), developer_name: name, value, location };
}

function metricEntry(spec: ValueSpec): MetricEntry {
  const group = FILTERABLE_TYPES.get(spec[0])?.developer_type;
  const metricGroup = group === "predictions" || group === "smart_money" ? group : "league_average";
  return { ...statEntry(spec), group: metricGroup };
}

function teamName(id: number): string {
  return id === HOME_TEAM ? "Home Town" : id === AWAY_TEAM ? "Away City" : `Team ${id}`;
}

function currentScores(fixtureId: number, [home, away]: [number, number], goals: SearchFixtureSpec["goals"]): Score[] {
  if (!goals) return [];
  return [
    { fixture_id: fixtureId, team_id: home, value: goals[0], developer_name: "CURRENT" },
    { fixture_id: fixtureId, team_id: away, value: goals[1], developer_name: "CURRENT" },
  ];
}

export function searchFixture(spec: SearchFixtureSpec): FixtureDocument {
  const status = spec.status ?? "NOT_STARTED";
  const [homeId, awayId] = spec.teams ?? [HOME_TEAM, AWAY_TEAM];
  const scores = currentScores(spec.id, [homeId, awayId], spec.goals);
  const leagueId = spec.league_id ?? 1;
  const statistics = (spec.statistics ?? []).map(statEntry);
  const metrics = (spec.metrics ?? []).map(metricEntry);
  return {
    id: spec.id,
    sport: { id: 1, name: "Football" },
    date_time: new Date(spec.date_time).toISOString(),
    status,
    is_live: isInPlay(status),
    minute: isInPlay(status) ? 30 : null,
    country: { id: 77, name: "England", alpha3: "ENG" },
    league: { id: leagueId, name: `League ${leagueId}`, level: 1, code: `test.${leagueId}` },
    season: { id: 5, name: "2026/2027", starting_at: "2026-08-01", ending_at: "2027-05-30", is_current: true },
    stage: { id: 6, name: "Regular Season" },
    group: null,
    round: "Matchday 1",
    participants: [
      { id: homeId, name: teamName(homeId), location: "home", position: 1 },
      { id: awayId, name: teamName(awayId), location: "away", position: 2 },
    ],
    home_team_id: homeId,
    away_team_id: awayId,
    names: { country: { de: "England" }, league: {}, teams: { [homeId]: homeId === HOME_TEAM ? { de: "Heimstadt" } : {}, [awayId]: {} } },
    search: fixtureSearchFields([teamName(homeId)], [teamName(awayId)]),
    scores,
    periods: [],
    statistics,
    metrics,
    effective: effectiveValues(statistics, metrics),
    settled_selections: settledSelections({ id: spec.id, status, odds: spec.odds ?? [], date_time: new Date(spec.date_time).toISOString(), league: { id: leagueId } }),
    final_result: finalResult({ status, home_team_id: homeId, away_team_id: awayId, scores }),
    ...inPlayFields({ id: spec.id, status, home_team_id: homeId, away_team_id: awayId, trends: spec.trends ?? null }),
    odds: spec.odds ?? [],
    fair_odds: null,
    movement: [],
    trends: spec.trends ? packTrends(spec.trends) : null,
    simulation: null,
    updated_at: new Date().toISOString(),
  };
}

/** Indexes the documents in the given order and makes them searchable at once. */
export async function indexSearchFixtures(env: TestEnv, specs: SearchFixtureSpec[]): Promise<void> {
  const response = await env.es.bulk({
    refresh: true,
    operations: specs.flatMap((spec) => [
      { index: { _index: env.deps.indices.fixtures, _id: String(spec.id) } },
      searchFixture(spec),
    ]),
  });
  if (response.errors) {
    const failed = response.items.find((item) => item.index?.error);
    throw new Error(`indexing test fixtures failed: ${JSON.stringify(failed?.index?.error)}`);
  }
}
