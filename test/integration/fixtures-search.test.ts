import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FixtureDocument } from "../../src/domain/fixture/fixture-document.js";
import { fixturesSearchRequest } from "../../src/search/fixtures-search/search-request.js";
import { fullPageWindow } from "../../src/search/page-window.js";
import { indexSearchFixtures, type SearchFixtureSpec, type ValueSpec } from "../support/search-fixtures.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";
import { DEFAULT_LIVE_HOURS } from "../../src/config.js";

/**
 * The semantics of GET /fixtures/search on the real node, with fixtures this file
 * writes. Each block owns a league id and filters on it, so blocks do not see each
 * other's fixtures. Window fixtures sit at least 10 minutes from the real clock and
 * from every window edge, so a slow run cannot move them across one.
 */

let env: TestEnv;
const T = Date.now();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (offsetMs: number) => new Date(T + offsetMs);

const WINDOW_LEAGUE = 1;
const WHERE_LEAGUE = 2;
const TEN_LEAGUE = 3;
const ORDER_LEAGUE = 4;
const EDGE_LEAGUE = 5;
const PAGE_LEAGUE = 6;

/** Fixtures of one league; those without a kick-off get one a minute apart, an hour from now. */
function inLeague(league_id: number, specs: Array<Omit<SearchFixtureSpec, "date_time"> & { date_time?: Date }>): SearchFixtureSpec[] {
  return specs.map((spec, i) => ({ date_time: at(HOUR + i * MINUTE), ...spec, league_id }));
}

const windowFixtures = inLeague(WINDOW_LEAGUE, [
  { id: 101, date_time: at(10 * MINUTE), status: "NOT_STARTED" },
  { id: 102, date_time: at(2 * HOUR + 50 * MINUTE) },
  { id: 103, date_time: at(3 * HOUR + 10 * MINUTE) },
  { id: 104, date_time: at(23 * HOUR + 50 * MINUTE) },
  { id: 105, date_time: at(24 * HOUR + 10 * MINUTE) },
  { id: 106, date_time: at(167 * HOUR + 50 * MINUTE) },
  { id: 107, date_time: at(168 * HOUR + 10 * MINUTE) },
  // Kick-off passed but not (yet) in play: neither upcoming nor live.
  { id: 108, date_time: at(-10 * MINUTE) },
  { id: 109, date_time: at(-20 * MINUTE), status: "INPLAY_1ST_HALF" },
  { id: 110, date_time: at(-72 * HOUR), status: "HT" },
  { id: 111, date_time: at(HOUR), status: "FT" },
  { id: 112, date_time: at(2 * HOUR), status: "POSTPONED" },
  { id: 113, date_time: at(-80 * MINUTE), status: "INPLAY_2ND_HALF" },
]);

const whereFixtures = inLeague(WHERE_LEAGUE, [
  { id: 201, statistics: [["GOALS", "home", 1], ["GOALS", "away", 3], ["GOALS", "league", 4], ["CORNERS", "league", 10]] },
  { id: 202, statistics: [["GOALS", "home", 2], ["GOALS", "away", 2], ["GOALS", "league", 4], ["CORNERS", "league", 7]] },
  { id: 203, statistics: [["GOALS", "home", 3], ["GOALS", "away", 0], ["GOALS", "league", 3], ["CORNERS", "league", 11]] },
  { id: 204, statistics: [["CORNERS", "league", 9]] },
  // The in-play statistic wins over the pre-match metric of the same name and location.
  { id: 205, metrics: [["CORNERS", "league", 20]], statistics: [["CORNERS", "league", 5]] },
  // Without a statistic, the metric is the value.
  { id: 206, metrics: [["CORNERS", "league", 20], ["PREDICTION_GL_CONFIDENCE", "league", 70]] },
]);

const TEN_NAMES = [
  "GOALS", "CORNERS", "ATTACKS", "DANGEROUS_ATTACKS", "SHOTS_TOTAL",
  "SHOTS_ON_TARGET", "SHOTS_OFF_TARGET", "YELLOWCARDS", "FOULS", "OFFSIDES",
];
const tenValues = (offBy: Record<string, number> = {}): ValueSpec[] =>
  TEN_NAMES.map((name, i) => [name, "league", 10 + i + (offBy[name] ?? 0)]);
const tenFixtures = inLeague(TEN_LEAGUE, [
  { id: 301, statistics: tenValues() },
  { id: 302, statistics: tenValues({ OFFSIDES: 1 }) },
  { id: 303, statistics: tenValues({ GOALS: -1 }) },
]);

const orderFixtures = inLeague(ORDER_LEAGUE, [
  { id: 408, date_time: at(15 * MINUTE) },
  { id: 401, date_time: at(HOUR), statistics: [["CORNERS", "league", 5], ["CORNERS", "home", 1]] },
  { id: 402, date_time: at(2 * HOUR), statistics: [["CORNERS", "league", 9], ["CORNERS", "home", 8]] },
  { id: 403, date_time: at(3 * HOUR), metrics: [["HOME_GOALS_SCORED", "league", 1500]] },
  { id: 404, date_time: at(4 * HOUR), statistics: [["CORNERS", "league", 5], ["CORNERS", "home", 4]] },
  // Same kick-off and value: id decides, numerically (a keyword id would put "4100" first).
  // Indexed 4100 first so the index order cannot pass for the tie-break.
  { id: 4100, date_time: at(5 * HOUR), statistics: [["CORNERS", "league", 7], ["CORNERS", "home", 3]] },
  { id: 499, date_time: at(5 * HOUR), statistics: [["CORNERS", "league", 7], ["CORNERS", "home", 2]] },
]);

const EDGE_NOW = new Date("2031-01-01T12:00:00.000Z");
const edgeFixtures = inLeague(EDGE_LEAGUE, [
  { id: 501, date_time: new Date(EDGE_NOW.getTime() - 1) },
  { id: 502, date_time: EDGE_NOW },
  { id: 503, date_time: new Date(EDGE_NOW.getTime() + 3 * HOUR) },
  { id: 504, date_time: new Date(EDGE_NOW.getTime() + 3 * HOUR + 1) },
]);

const pageFixtures: SearchFixtureSpec[] = Array.from({ length: 26 }, (_, i) => ({
  id: 601 + i,
  date_time: at(2 * HOUR + i * MINUTE),
  league_id: PAGE_LEAGUE,
}));

beforeAll(async () => {
  env = await startTestEnv();
  await indexSearchFixtures(env, [...windowFixtures, ...whereFixtures, ...tenFixtures, ...orderFixtures, ...edgeFixtures, ...pageFixtures]);
});
afterAll(async () => {
  await env?.close();
});

type SearchBody = {
  fixtures: Array<Record<string, unknown> & { id: number }>;
  pagination: { page: number; per_page: number; has_more: boolean };
};

async function search(path: string): Promise<SearchBody> {
  const response = await env.get(`/fixtures/search?${path}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as SearchBody;
}

async function ids(path: string): Promise<number[]> {
  return (await search(path)).fixtures.map((fixture) => fixture.id);
}

describe("GET /fixtures/search windows and statuses", () => {
  const league = `league_id=${WINDOW_LEAGUE}`;
  // In play now: 110 (HT, kicked off days ago), 113, 109; ordered by kick-off.
  const inPlay = [110, 113, 109];

  it("defaults to window 24: in-play fixtures plus not-started ones kicking off within 24 hours", async () => {
    expect(await ids(league)).toEqual([...inPlay, 101, 102, 103, 104]);
  });

  it("keeps in-play fixtures inside every window and moves the upper edge with N", async () => {
    expect(await ids(`${league}&window=3`)).toEqual([...inPlay, 101, 102]);
    expect(await ids(`${league}&window=6`)).toEqual([...inPlay, 101, 102, 103]);
    expect(await ids(`${league}&window=12`)).toEqual([...inPlay, 101, 102, 103]);
    expect(await ids(`${league}&window=24`)).toEqual([...inPlay, 101, 102, 103, 104]);
    expect(await ids(`${league}&window=48`)).toEqual([...inPlay, 101, 102, 103, 104, 105]);
    expect(await ids(`${league}&window=168`)).toEqual([...inPlay, 101, 102, 103, 104, 105, 106]);
  });

  it("returns only in-play fixtures for window=live, whatever their kick-off", async () => {
    expect(await ids(`${league}&window=live`)).toEqual(inPlay);
  });

  it("lets an explicit status replace the window's defaults", async () => {
    expect(await ids(`${league}&window=24&status=FT`)).toEqual([111]);
    expect(await ids(`${league}&window=3&status=POSTPONED,HT`)).toEqual([110, 112]);
    expect(await ids(`${league}&window=3&status=NOT_STARTED`)).toEqual([101, 102]);
    expect(await ids(`${league}&window=live&status=INPLAY_1ST_HALF`)).toEqual([109]);
  });

  it("has no date condition for window=live even with an explicit status", async () => {
    expect(await ids(`${league}&window=live&status=NOT_STARTED`)).toEqual([108, 101, 102, 103, 104, 105, 106, 107]);
  });

  it("filters on a list of leagues", async () => {
    expect(await ids(`league_id=${WINDOW_LEAGUE},${EDGE_LEAGUE}&window=live`)).toEqual(inPlay);
    expect(await ids(`league_id=${EDGE_LEAGUE},${TEN_LEAGUE}`)).toEqual([301, 302, 303]);
  });

  it("includes both edges of the window on the node: now and now + N hours", async () => {
    const request = fixturesSearchRequest(
      { window: 3, leagueIds: [EDGE_LEAGUE], where: [], order: null, includes: new Set(), pageWindow: fullPageWindow(1, 10) },
      { index: env.deps.indices.fixtures, now: EDGE_NOW, liveHours: DEFAULT_LIVE_HOURS },
    );
    const response = await env.es.search<FixtureDocument>(request);
    expect(response.hits.hits.map((hit) => hit._source?.id)).toEqual([502, 503]);
  });
});

describe("GET /fixtures/search where", () => {
  const league = `league_id=${WHERE_LEAGUE}`;

  it("includes both bounds of the range", async () => {
    expect(await ids(`${league}&where[CORNERS]=7:10`)).toEqual([201, 202, 204]);
    expect(await ids(`${league}&where[GOALS]=1:2:HOME`)).toEqual([201, 202]);
  });

  it("reads the home team's, the away team's or the league-level value by location", async () => {
    expect(await ids(`${league}&where[GOALS]=3:3:HOME`)).toEqual([203]);
    expect(await ids(`${league}&where[GOALS]=3:3:AWAY`)).toEqual([201]);
    expect(await ids(`${league}&where[GOALS]=3:3:LEAGUE`)).toEqual([203]);
    expect(await ids(`${league}&where[GOALS]=3:3`)).toEqual([203]);
    expect(await ids(`${league}&where[GOALS]=3:3:away`)).toEqual([201]);
  });

  it("treats the same name at two locations as two conditions that must both hold", async () => {
    expect(await ids(`${league}&where[GOALS]=2:2:HOME&where[GOALS]=2:2:AWAY`)).toEqual([202]);
    // Either condition alone matches a fixture; together none does.
    expect(await ids(`${league}&where[GOALS]=1:1:HOME`)).toEqual([201]);
    expect(await ids(`${league}&where[GOALS]=2:2:AWAY`)).toEqual([202]);
    expect(await ids(`${league}&where[GOALS]=1:1:HOME&where[GOALS]=2:2:AWAY`)).toEqual([]);
  });

  it("uses the in-play statistic over the pre-match metric, and the metric when there is no statistic", async () => {
    expect(await ids(`${league}&where[CORNERS]=5:5`)).toEqual([205]);
    expect(await ids(`${league}&where[CORNERS]=20:20`)).toEqual([206]);
    expect(await ids(`${league}&where[PREDICTION_GL_CONFIDENCE]=70:100`)).toEqual([206]);
  });

  it("requires all ten conditions of a request", async () => {
    const conditions = (values: ValueSpec[]) => values.map(([name, , value]) => `where[${name}]=${value}:${value}`).join("&");
    const tenValues = TEN_NAMES.map((name, i): ValueSpec => [name, "league", 10 + i]);
    expect(await ids(`league_id=${TEN_LEAGUE}&${conditions(tenValues)}`)).toEqual([301]);
    // Nine of them (OFFSIDES left out) also let 302 through, which differs only there.
    expect(await ids(`league_id=${TEN_LEAGUE}&${conditions(tenValues.slice(0, 9))}`)).toEqual([301, 302]);
  });

  it("answers the exact empty response when nothing matches, echoing page and per_page", async () => {
    expect(await search(`${league}&where[CORNERS]=100:200`)).toEqual({
      fixtures: [],
      pagination: { page: 1, per_page: 25, has_more: false },
    });
    expect(await search(`${league}&where[CORNERS]=100:200&page=3&per_page=10&include=odds`)).toEqual({
      fixtures: [],
      pagination: { page: 3, per_page: 10, has_more: false },
    });
  });
});

describe("GET /fixtures/search order", () => {
  const league = `league_id=${ORDER_LEAGUE}`;

  it("orders by kick-off, then id, by default", async () => {
    expect(await ids(league)).toEqual([408, 401, 402, 403, 404, 499, 4100]);
  });

  it("sorts ascending with ties by kick-off then id and fixtures without the value last", async () => {
    expect(await ids(`${league}&order[CORNERS]=ASC`)).toEqual([401, 404, 499, 4100, 402, 408, 403]);
  });

  it("sorts descending and still puts fixtures without the value last", async () => {
    expect(await ids(`${league}&order[CORNERS]=desc`)).toEqual([402, 499, 4100, 401, 404, 408, 403]);
  });

  it("sorts on the value of the given location", async () => {
    expect(await ids(`${league}&order[CORNERS]=DESC:HOME`)).toEqual([402, 404, 4100, 499, 401, 408, 403]);
  });

  it("applies only the first order parameter", async () => {
    expect(await ids(`${league}&order[CORNERS]=DESC&order[HOME_GOALS_SCORED]=DESC`)).toEqual([402, 499, 4100, 401, 404, 408, 403]);
  });

  it("combines order with where", async () => {
    expect(await ids(`${league}&where[CORNERS]=5:7&order[CORNERS]=DESC`)).toEqual([499, 4100, 401, 404]);
  });

  it("accepts a name /types lists that no statistic or metric carries: where matches nothing, order has no value to sort on", async () => {
    for (const name of ["PRESSURE_INDEX", "OVERALL_WON"]) {
      expect(await ids(`${league}&where[${name}]=0:1000000`)).toEqual([]);
      expect(await ids(`${league}&order[${name}]=DESC`)).toEqual([408, 401, 402, 403, 404, 499, 4100]);
    }
  });
});

describe("GET /fixtures/search pagination", () => {
  const league = `league_id=${PAGE_LEAGUE}`;

  it("pages 25 at a time by default and says there may be more when the page is full", async () => {
    const body = await search(league);
    expect(body.fixtures).toHaveLength(25);
    expect(body.pagination).toEqual({ page: 1, per_page: 25, has_more: true });
    expect(body.fixtures[0]?.id).toBe(601);
  });

  it("continues on the next page without overlap and ends with has_more false", async () => {
    const second = await search(`${league}&page=2`);
    expect(second.fixtures.map((f) => f.id)).toEqual([626]);
    expect(second.pagination).toEqual({ page: 2, per_page: 25, has_more: false });
  });

  it("reports has_more true for a full last page (count equals per_page) and echoes per_page", async () => {
    const body = await search(`${league}&per_page=13&page=2`);
    expect(body.fixtures.map((f) => f.id)).toEqual(Array.from({ length: 13 }, (_, i) => 614 + i));
    expect(body.pagination).toEqual({ page: 2, per_page: 13, has_more: true });
    expect(await search(`${league}&per_page=13&page=3`)).toEqual({
      fixtures: [],
      pagination: { page: 3, per_page: 13, has_more: false },
    });
  });

  it("presents fixtures without group and stage, in the requested language", async () => {
    const body = await search(`${league}&per_page=1&lang=de`);
    const fixture = body.fixtures[0]!;
    expect(fixture).not.toHaveProperty("group");
    expect(fixture).not.toHaveProperty("stage");
    expect(fixture).not.toHaveProperty("odds");
    expect(fixture).toMatchObject({ id: 601, language: "de", is_live: false, status: "NOT_STARTED" });
    expect(fixture.participants).toEqual([
      { id: 9001, name: "Heimstadt", position: 1, location: "home" },
      { id: 9002, name: "Away City", position: 2, location: "away" },
    ]);
    expect(Object.keys(body.pagination).sort()).toEqual(["has_more", "page", "per_page"]);
  });
});
