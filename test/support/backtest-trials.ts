import { SELECTIONS } from "../../src/domain/football/odds/markets.js";
import { getOk } from "./fixtures-api.js";
import { metricLocation, type OracleFixture, type OracleRule } from "./backtest-oracle.js";
import type { TestEnv } from "./test-env.js";
import { random } from "./seeded-random.js";

/**
 * The differential backtest test's material: every fixture of the real data as GET /fixtures
 * presents it, and random rules over it.
 */

/** Metrics the rules filter on: each location (PREDICTION_EXPECTED_GOALS has all three) and each group. */
const RULE_METRICS = [
  { name: "PREDICTION_EXPECTED_GOALS", type: 109, locations: ["HOME", "AWAY", "LEAGUE"] },
  { name: "TEAM_GOALS_CLASSIFICATION", type: 106, locations: ["HOME", "AWAY"] },
  { name: "PREDICTION_HOME_WIN_PROBABILITY", type: 100, locations: ["LEAGUE"] },
  { name: "SMART_MONEY_HOME_ODDS_DROP", type: 204, locations: ["LEAGUE"] },
  { name: "HOME_GOALS_SCORED", type: 303, locations: ["LEAGUE"] },
] as const;

const DAY_MS = 86_400_000;

type Page = { fixtures: OracleFixture[]; pagination: { has_more: boolean } };

/**
 * Every fixture, season by season, with the rule metrics only (the filter keeps the pages small; it
 * narrows arrays, never fixtures); odds come per rule (`withOdds`). Season ids come from the seasons
 * index: enumeration only, every figure the oracle uses comes from /fixtures.
 */
export async function loadOracleFixtures(env: TestEnv): Promise<OracleFixture[]> {
  const seasons = await env.es.search<{ id: number }>({ index: env.deps.indices.seasons, size: 1000, _source: ["id"] });
  const filter = `filter[metrics]=types:${RULE_METRICS.map((m) => m.type).join(",")}`;
  const fixtures: OracleFixture[] = [];
  for (const hit of seasons.hits.hits) {
    for (let page = 1; ; page++) {
      const body = await getOk<Page>(env, `/fixtures?season_id=${hit._source!.id}&include=metrics&${filter}&per_page=100&page=${page}`);
      fixtures.push(...body.fixtures);
      if (!body.pagination.has_more) break;
    }
  }
  return fixtures;
}

/**
 * The fixtures with their pre-match odds of the rule's market (every bookmaker: the best price needs
 * them all), read from /fixtures by id, 100 at a time; only finished fixtures can be bets.
 */
export async function withOdds(env: TestEnv, fixtures: readonly OracleFixture[], rule: OracleRule): Promise<OracleFixture[]> {
  const finished = fixtures.filter((f) => f.status === "FT" || f.status === "AWARDED");
  const odds = new Map<number, OracleFixture["odds"]>();
  for (let i = 0; i < finished.length; i += 100) {
    const ids = finished.slice(i, i + 100).map((f) => f.id);
    const body = await getOk<Page>(env, `/fixtures?fixture_id=${ids.join(",")}&include=odds&filter[odds]=markets:${rule.marketId};is_live:0&per_page=100`);
    for (const fixture of body.fixtures) odds.set(fixture.id, fixture.odds);
  }
  return fixtures.map((fixture) => ({ ...fixture, odds: odds.get(fixture.id) ?? [] }));
}

/** The fixtures a rule could count at all: kick-off in its days and in its leagues (cheap, before reading odds). */
export function inRuleRange(fixtures: readonly OracleFixture[], rule: OracleRule): OracleFixture[] {
  const start = Date.parse(`${rule.startDate}T00:00:00Z`);
  const end = Date.parse(`${rule.endDate}T00:00:00Z`) + DAY_MS;
  return fixtures.filter((f) => {
    const kickoff = Date.parse(f.date_time);
    return kickoff >= start && kickoff < end && (!rule.leagueIds || rule.leagueIds.includes(f.league.id));
  });
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * `count` rules cycling through every selection of the catalogue and every price (bookmakers 1-5 and
 * the best), every metric location, with or without leagues, over random past date ranges; metric
 * ranges are drawn between values the fixtures really hold, so rules match something.
 */
export function backtestTrials(fixtures: readonly OracleFixture[], seed: number, count: number): OracleRule[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const finished = fixtures.filter((f) => f.status === "FT" || f.status === "AWARDED");
  const times = finished.map((f) => Date.parse(f.date_time)).sort((a, b) => a - b);
  const leagues = [...new Set(fixtures.map((f) => f.league.id))];
  const locations = RULE_METRICS.flatMap((metric) => metric.locations.map((location) => ({ name: metric.name, location })));
  const rules: OracleRule[] = [];
  for (let i = 0; i < count; i++) {
    const selection = SELECTIONS[(i * 7) % SELECTIONS.length]!;
    const bookmakerId = i % 6 === 5 ? undefined : (i % 6) + 1;
    const { name, location } = locations[i % locations.length]!;
    const values = finished.flatMap((f) => f.metrics?.filter((m) => m.developer_name === name && metricLocation(f, m.team_id) === location).map((m) => m.value) ?? []);
    const [a, b] = [pick(values), pick(values)];
    const where = [{ name, location: location as OracleRule["where"][number]["location"], min: Math.min(a, b), max: Math.max(a, b) }];
    // Every third rule: no where at all, the whole range of one or more leagues.
    const start = pick(times);
    const span = Math.floor(30 + next() * 700) * DAY_MS;
    const end = Math.min(start + span, times[times.length - 1]!);
    rules.push({
      where: i % 3 === 2 ? [] : where,
      ...(i % 2 === 1 ? { leagueIds: Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(leagues)) } : {}),
      startDate: day(start),
      endDate: day(end),
      marketId: selection.market.id,
      labelId: selection.label.id,
      line: selection.line,
      ...(bookmakerId === undefined ? {} : { bookmakerId }),
    });
  }
  return rules;
}
