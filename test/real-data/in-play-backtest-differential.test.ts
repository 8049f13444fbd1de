import { describe, expect, it } from "vitest";
import { TREND_TYPES } from "../../src/domain/types/match-types.js";
import { WINDOWED_STATISTIC_TYPES } from "../../src/domain/types/windowed-types.js";
import { getOk } from "../support/fixtures-api.js";
import { oracleInPlay, oracleStates, type InPlayCondition, type InPlayOracleFixture, type InPlayRule } from "../support/in-play-oracle.js";
import { random } from "../support/seeded-random.js";
import { useRealDataEnv } from "../support/real-data-env.js";
import type { TestEnv } from "../support/test-env.js";

/**
 * The differential test of GET /fixtures/backtest/in-play on the real data: random in-play rules
 * (plain and windowed names at every location, a pre-match metric now and then, minute ranges, one
 * or two leagues, date ranges) answered by the endpoint, whose Elasticsearch aggregations decide and
 * count, and recomputed independently from what GET /fixtures shows (include=trends,metrics, the
 * periods and the league). Every figure, bucket and league must be equal. IN_PLAY_SEED picks
 * another set of rules.
 */

const { realData, env } = useRealDataEnv();
const SEED = Number(process.env.IN_PLAY_SEED ?? 51);
const TRIALS = Number(process.env.IN_PLAY_TRIALS ?? 12);
const DAY_MS = 86_400_000;
const METRIC = { name: "PREDICTION_EXPECTED_GOALS", type: 109 };
const NAMES = [...TREND_TYPES.map((type) => type.developer_name), ...WINDOWED_STATISTIC_TYPES.map((type) => type.developer_name)];
const LOCATIONS = ["HOME", "AWAY", "LEAGUE"] as const;

type Season = { id: number; league_id: number; starting_at: string; ending_at: string };
type Page = { fixtures: InPlayOracleFixture[]; pagination: { has_more: boolean } };

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const trendOf = (name: string) => TREND_TYPES.find((type) => type.developer_name === name.replace(/_LAST_\d+$/, ""))!.type_id;

/**
 * Every finished fixture of the rule's leagues (all their seasons: a range may cross two), with the
 * trends the rule reads (and GOALS) and the metric; the oracle keeps the rule's days. /fixtures takes
 * no date range this old, so fixtures are read season by season.
 */
async function loadFixtures(testEnv: TestEnv, seasons: readonly Season[], rule: InPlayRule, names: readonly string[]): Promise<InPlayOracleFixture[]> {
  const types = [...new Set([15, ...names.map(trendOf)])];
  const fixtures: InPlayOracleFixture[] = [];
  for (const season of seasons.filter((s) => rule.leagueIds.includes(s.league_id))) {
    for (let page = 1; ; page++) {
      const body = await getOk<Page>(
        testEnv,
        `/fixtures?season_id=${season.id}&status=FT,AWARDED` +
          `&include=trends,metrics&filter[trends]=types:${types.join(",")}&filter[metrics]=types:${METRIC.type}&per_page=100&page=${page}`,
      );
      fixtures.push(...body.fixtures);
      if (!body.pagination.has_more) break;
    }
  }
  return fixtures;
}

function ruleQuery(rule: InPlayRule): string {
  const where = [...rule.inPlay, ...rule.metrics].map((c) => `where[${c.name}]=${c.min}:${c.max}:${c.location}`);
  return [
    `league_id=${rule.leagueIds.join(",")}`,
    `start_date=${rule.startDate}`,
    `end_date=${rule.endDate}`,
    ...(rule.minuteFrom === 1 ? [] : [`minute_from=${rule.minuteFrom}`]),
    ...(rule.minuteTo === 90 ? [] : [`minute_to=${rule.minuteTo}`]),
    ...where,
  ].join("&");
}

describe.skipIf(!realData)("GET /fixtures/backtest/in-play against a recomputation from /fixtures (real data)", () => {
  it(`answers every random in-play rule exactly as recomputed (seed ${SEED}, ${TRIALS} rules)`, { timeout: 900_000 }, async () => {
    const next = random(SEED);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
    const today = Date.now();
    const seasons = (
      await env().es.search<Season>({ index: env().deps.indices.seasons, size: 1000, _source: ["id", "league_id", "starting_at", "ending_at"] })
    ).hits.hits
      .map((hit) => hit._source!);
    const past = seasons.filter((season) => Date.parse(season.starting_at) < today - 30 * DAY_MS);
    let firedSeen = 0;
    let unfiredRules = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      const season = pick(past);
      const first = Date.parse(season.starting_at);
      const last = Math.min(Date.parse(season.ending_at), today - DAY_MS);
      const start = first + Math.floor(next() * Math.max(1, (last - first) / DAY_MS - 20)) * DAY_MS;
      const end = Math.min(last, start + Math.floor(20 + next() * 200) * DAY_MS);
      const names = Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(NAMES));
      const minuteFrom = next() < 0.5 ? 1 : 1 + Math.floor(next() * 60);
      const minuteTo = next() < 0.5 ? 90 : minuteFrom + Math.floor(next() * (91 - minuteFrom));
      const draft: InPlayRule = {
        inPlay: [],
        metrics: [],
        leagueIds: [...new Set([season.league_id, ...(trial % 3 === 1 ? [pick(seasons).league_id] : [])])],
        startDate: day(start),
        endDate: day(end),
        minuteFrom,
        minuteTo,
      };
      const fixtures = await loadFixtures(env(), seasons, draft, names);
      // Thresholds around the values of one real state, so a rule fires somewhere; every fourth rule
      // is drawn from nothing and may not fire at all.
      const withStates = fixtures.map((fixture) => ({ fixture, found: oracleStates(fixture) })).filter(({ found }) => found && found.states.length > 0);
      const anchor = withStates.length > 0 ? pick(withStates) : undefined;
      const anchorState = anchor ? pick(anchor.found!.states) : undefined;
      const inPlay: InPlayCondition[] = names.map((name) => {
        const location = pick(LOCATIONS);
        const seen = anchorState && trial % 4 !== 3 ? anchorState.valueOf({ name, location, min: 0, max: 0 }) : Math.floor(next() * 8);
        const below = Math.floor(next() * 4);
        return { name, location, min: Math.max(0, seen - below), max: next() < 0.3 ? 999 : seen + Math.floor(next() * 4) };
      });
      const metricValue = anchor?.fixture.metrics?.find((m) => m.developer_name === METRIC.name && m.team_id === 0)?.value;
      const metrics: InPlayCondition[] =
        trial % 3 === 0 && metricValue !== undefined ? [{ name: METRIC.name, location: "LEAGUE", min: metricValue - 60, max: metricValue + 40 }] : [];
      const rule = { ...draft, inPlay, metrics };
      const expected = oracleInPlay(fixtures, rule);
      const actual = await getOk<unknown>(env(), `/fixtures/backtest/in-play?${ruleQuery(rule)}`);
      expect.soft(actual, `rule ${trial}: ${ruleQuery(rule)}`).toEqual(JSON.parse(JSON.stringify(expected)));
      firedSeen += expected.in_play.fired;
      if (expected.in_play.fired === 0) unfiredRules++;
    }
    // The rules must fire, or equality proves little; and not every rule should.
    expect(firedSeen).toBeGreaterThan(100);
    expect(unfiredRules).toBeLessThan(TRIALS);
  });
});
