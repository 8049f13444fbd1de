import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompactTrends } from "../../src/domain/fixture-parts.js";
import { readInPlayBacktest } from "../../src/backtest/in-play-backtest-reads.js";
import { inPlayRangeRequest, kickOffParts, type InPlayBacktestInput } from "../../src/search/backtest/in-play-request.js";
import { readInPlayRange } from "../../src/store/in-play-backtest-reads.js";
import { getError, getOk } from "../support/fixtures-api.js";
import { indexSearchFixtures, type SearchFixtureSpec } from "../support/search-fixtures.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

/**
 * GET /fixtures/backtest/in-play through the real app and node, on fixtures this file writes with
 * short trends (three minutes of each half), so every figure is worked out by hand below. Leagues
 * 81-82 are this file's own.
 */

let env: TestEnv;
const LEAGUE = 81;
const OTHER_LEAGUE = 82;
const HOME = 9001;
const AWAY = 9002;
const GOALS = 15;
const CORNERS = 13;
const DAY = "2025-03-01";

/** Trends of minutes 1-3 of the first half and 45-47 of the second, series by [team, type, deltas]. */
function trends(id: number, series: Array<[team: number, type: number, deltas: number[]]>): CompactTrends {
  return {
    minutes: [
      { period_id: id * 10 + 1, first_minute: 1, count: 3 },
      { period_id: id * 10 + 2, first_minute: 45, count: 3 },
    ],
    series: series.map(([team_id, type_id, deltas]) => ({ team_id, type_id, deltas })),
  };
}

const FIXTURES: SearchFixtureSpec[] = [
  // A home corner at minute 2 (fires there, the away side one up); a home goal at 46: 1-1.
  {
    id: 8101,
    date_time: `${DAY}T15:00:00Z`,
    league_id: LEAGUE,
    status: "FT",
    metrics: [["PREDICTION_GL_CONFIDENCE", "league", 70]],
    trends: trends(8101, [
      [HOME, CORNERS, [0, 1, 0, 1, 0, 0]],
      [HOME, GOALS, [0, 0, 0, 0, 1, 0]],
      [AWAY, GOALS, [1, 0, 0, 0, 0, 0]],
    ]),
  },
  // Two home corners at 47 (fires there); 0-0.
  { id: 8102, date_time: `${DAY}T17:00:00Z`, league_id: LEAGUE, status: "FT", metrics: [["PREDICTION_GL_CONFIDENCE", "league", 20]], trends: trends(8102, [[HOME, CORNERS, [0, 0, 0, 0, 0, 2]]]) },
  // No corner: never fires, but counted among the fixtures.
  { id: 8103, date_time: `${DAY}T19:00:00Z`, league_id: OTHER_LEAGUE, status: "FT", trends: trends(8103, [[AWAY, GOALS, [0, 0, 1, 0, 0, 0]]]) },
  // Not finished, or finished without trends: not a fixture the rule is tried on.
  { id: 8104, date_time: `${DAY}T20:00:00Z`, league_id: LEAGUE, status: "POSTPONED", trends: trends(8104, [[HOME, CORNERS, [1, 0, 0, 0, 0, 0]]]) },
  { id: 8105, date_time: `${DAY}T20:30:00Z`, league_id: LEAGUE, status: "FT", goals: [3, 0] },
];

const RANGE = `start_date=${DAY}&end_date=${DAY}&league_id=${LEAGUE},${OTHER_LEAGUE}`;
const RULE = `${RANGE}&where[CORNERS]=1:9:HOME`;

type Body = {
  in_play: { fixtures: number; fired: number; first_minute_average: number | null };
  outcomes: Array<{ outcome: string; hits: number; strike_rate: number | null; fair_odds: number | null }>;
  by_minute: Array<{ from: number; to: number; fired: number }>;
  by_league: Array<{ league: { id: number; name: string }; fired: number; hits: Record<string, number> }>;
};

beforeAll(async () => {
  env = await startTestEnv();
  await indexSearchFixtures(env, FIXTURES);
  // by_league's names are the leagues index's (the same the fixtures carry).
  const leagues = [LEAGUE, OTHER_LEAGUE].map((id) => ({ id, name: `League ${id}` }));
  await env.es.bulk({ refresh: true, operations: leagues.flatMap((league) => [{ index: { _index: env.deps.indices.leagues, _id: String(league.id) } }, league]) });
}, 60_000);

afterAll(async () => {
  await env?.close();
});

const outcome = (body: Body, name: string) => body.outcomes.find((entry) => entry.outcome === name);

describe("GET /fixtures/backtest/in-play", () => {
  it("fires at the first state where the rule holds and counts what followed, by Elasticsearch", async () => {
    const body = await getOk<Body>(env, `/fixtures/backtest/in-play?${RULE}`);
    expect(body.in_play).toEqual({ fixtures: 3, fired: 2, first_minute_average: 24.5 });
    expect(body.outcomes.map((entry) => entry.outcome)).toEqual([
      "goal_after", "home_goal_after", "away_goal_after", "no_goal_after", "home_win", "draw", "away_win",
      "over_0_5", "over_1_5", "over_2_5", "over_3_5", "over_4_5", "btts",
    ]);
    expect(outcome(body, "goal_after")).toEqual({ outcome: "goal_after", hits: 1, strike_rate: 0.5, fair_odds: 2 });
    expect(outcome(body, "home_goal_after")?.hits).toBe(1);
    expect(outcome(body, "away_goal_after")).toEqual({ outcome: "away_goal_after", hits: 0, strike_rate: 0, fair_odds: null });
    expect(outcome(body, "no_goal_after")?.hits).toBe(1);
    expect(outcome(body, "draw")).toEqual({ outcome: "draw", hits: 2, strike_rate: 1, fair_odds: 1 });
    expect([outcome(body, "over_1_5")?.hits, outcome(body, "over_2_5")?.hits, outcome(body, "btts")?.hits]).toEqual([1, 0, 1]);
    expect(body.by_minute).toHaveLength(18);
    expect(body.by_minute.filter((bucket) => bucket.fired > 0)).toEqual([
      { from: 1, to: 5, fired: 1 },
      { from: 46, to: 50, fired: 1 },
    ]);
    expect(body.by_league).toEqual([
      {
        league: { id: LEAGUE, name: `League ${LEAGUE}` },
        fired: 2,
        hits: { goal_after: 1, home_goal_after: 1, away_goal_after: 0, no_goal_after: 1, home_win: 0, draw: 2, away_win: 0, over_0_5: 1, over_1_5: 1, over_2_5: 0, over_3_5: 0, over_4_5: 0, btts: 1 },
      },
    ]);
  });

  it("tries only the minutes asked for", async () => {
    // From minute 3 the first fixture fires at its minute 3 (the corner still counts), the second at 47.
    const later = await getOk<Body>(env, `/fixtures/backtest/in-play?${RULE}&minute_from=3`);
    expect(later.in_play).toEqual({ fixtures: 3, fired: 2, first_minute_average: 25 });
    // To minute 46 the second never fires.
    const earlier = await getOk<Body>(env, `/fixtures/backtest/in-play?${RULE}&minute_to=46`);
    expect(earlier.in_play).toEqual({ fixtures: 3, fired: 1, first_minute_average: 2 });
  });

  it("reads a windowed value and a pre-match metric with the rule", async () => {
    const windowed = await getOk<Body>(env, `/fixtures/backtest/in-play?${RANGE}&where[CORNERS_LAST_5]=2:2:HOME`);
    expect(windowed.in_play.fired).toBe(1);
    expect(windowed.by_minute.find((bucket) => bucket.fired > 0)).toEqual({ from: 46, to: 50, fired: 1 });
    const confident = await getOk<Body>(env, `/fixtures/backtest/in-play?${RULE}&where[PREDICTION_GL_CONFIDENCE]=50:100`);
    expect(confident.in_play).toEqual({ fixtures: 3, fired: 1, first_minute_average: 2 });
  });

  it("adds up the counts of a wide range searched in parts of its kick-offs at once, to the same figures", async () => {
    const input: InPlayBacktestInput = {
      leagueIds: [LEAGUE, OTHER_LEAGUE],
      metrics: [],
      inPlay: [{ name: "CORNERS", min: 1, max: 9, location: "HOME" }],
      start: new Date(`${DAY}T00:00:00Z`),
      end: new Date(Date.parse(`${DAY}T00:00:00Z`) + 86_400_000),
      minutes: { from: 1, to: 90 },
    };
    const indices = env.deps.indices;
    // The cuts the node gives split these three fixtures: the parts are really searched apart.
    const range = await readInPlayRange(env.es, inPlayRangeRequest(input, indices.fixtures_all, 3));
    expect(range.fixtures).toBe(3);
    expect(kickOffParts(range.cuts).length).toBeGreaterThan(1);
    const whole = await readInPlayBacktest(env.es, indices, input, { parts: 1, fromFixtures: 0 });
    const inParts = await readInPlayBacktest(env.es, indices, input, { parts: 3, fromFixtures: 0 });
    expect(whole).toMatchObject({ fixtures: 3, fired: 2, minuteSum: 49 });
    expect(inParts).toEqual(whole);
  });

  it("answers zeros, nulls and every bucket when nothing fired", async () => {
    const body = await getOk<Body>(env, `/fixtures/backtest/in-play?${RANGE}&where[GOALS]=5:9`);
    expect(body.in_play).toEqual({ fixtures: 3, fired: 0, first_minute_average: null });
    expect(body.outcomes.every((entry) => entry.hits === 0 && entry.strike_rate === null && entry.fair_odds === null)).toBe(true);
    expect(body.by_minute.every((bucket) => bucket.fired === 0)).toBe(true);
    expect(body.by_league).toEqual([]);
  });

  it("names the parameter and the rule of bad input", async () => {
    expect(await getError(env, "/fixtures/backtest/in-play?where[OFFSIDES]=1:2")).toMatch(/^where\[OFFSIDES\]: OFFSIDES is not a name an in-play rule is tried on; allowed are .*GOALS.*NAME_LAST_5/);
    // An unknown name: the parser of /fixtures/search says so, in its own words.
    expect(await getError(env, "/fixtures/backtest/in-play?where[NOPE]=1:2")).toBe("Unknown developer_name: NOPE");
    expect(await getError(env, "/fixtures/backtest/in-play?where[GOALS]=x")).toMatch(/where\[GOALS\]/);
    expect(await getError(env, "/fixtures/backtest/in-play?minute_from=0")).toBe("minute_from must be an integer from 1 to 90");
    expect(await getError(env, "/fixtures/backtest/in-play?minute_to=91")).toBe("minute_to must be an integer from 1 to 90");
    expect(await getError(env, "/fixtures/backtest/in-play?minute_from=50&minute_to=40")).toBe("minute_from must not be after minute_to");
    expect(await getError(env, "/fixtures/backtest/in-play?end_date=2999-01-01")).toMatch(/^end_date must not be after today/);
    expect(await getError(env, "/fixtures/backtest/in-play?league_id=abc")).toMatch(/^league_id/);
  });
});
