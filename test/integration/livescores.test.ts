import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FixtureView } from "../../src/presenters/fixture-presenter.js";
import { getError, getOk, ids } from "../support/fixtures-api.js";
import { FIXTURES_NOW, fixturesCatalog, LIVE } from "../support/fixtures-catalog.js";
import { loadCatalog, MINI_LEAGUE, MINI_SEASONS } from "../support/mini-catalog.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

let env: TestEnv;
beforeAll(async () => {
  env = await startTestEnv();
  await loadCatalog(env, fixturesCatalog(), FIXTURES_NOW);
});
afterAll(async () => {
  await env?.close();
});

type Livescores = { fixtures: FixtureView[] };
const livescores = (query = "") => getOk<Livescores>(env, `/livescores?${query}`);

describe("GET /livescores", () => {
  it("lists every fixture in play by kick-off, under fixtures, without pagination", async () => {
    const body = await livescores();
    expect(Object.keys(body)).toEqual(["fixtures"]);
    expect(ids(body)).toEqual([LIVE.first, LIVE.second]);
    expect(body.fixtures.every((f) => f.is_live)).toBe(true);
    expect(body.fixtures.map((f) => f.status)).toEqual(["INPLAY_1ST_HALF", "INPLAY_1ST_HALF"]);
  });

  it("gives the season only id and name, and keeps scores and periods", async () => {
    const [fixture] = (await livescores()).fixtures;
    expect(fixture!.season).toEqual({ id: MINI_SEASONS.current.id, name: MINI_SEASONS.current.name });
    expect(fixture!.scores.length).toBeGreaterThan(0);
    expect(fixture!.periods.map((p) => [p.developer_name, p.ticking, p.ended])).toEqual([["1ST_HALF", 1, null]]);
    expect(fixture).toHaveProperty("group", null);
    expect(fixture).toHaveProperty("stage", null);
  });

  it("returns only in-play odds with include=odds", async () => {
    const body = await livescores("include=odds");
    for (const fixture of body.fixtures) {
      expect(fixture.odds!.length).toBeGreaterThan(0);
      expect(fixture.odds!.every((odd) => odd.is_live === 1 && odd.fixture_id === fixture.id)).toBe(true);
    }
    const all = await getOk<{ fixtures: FixtureView[] }>(env, `/fixtures?fixture_id=${LIVE.first}&include=odds`);
    expect(all.fixtures[0]!.odds!.some((odd) => odd.is_live === 0)).toBe(true);
  });

  it("adds statistics and metrics only when requested, narrowed by their filters", async () => {
    expect((await livescores()).fixtures[0]).not.toHaveProperty("statistics");
    const body = await livescores("include=statistics,metrics&filter[statistics]=types:34&filter[metrics]=developer_types:predictions");
    const [fixture] = body.fixtures;
    expect(new Set(fixture!.statistics!.map((s) => s.type_id))).toEqual(new Set([34]));
    expect(fixture!.metrics!.every((m) => m.type_id >= 100 && m.type_id < 200)).toBe(true);
    expect(Object.keys(fixture!)).not.toContain("odds");
  });

  it("filters by league_id and sport_id", async () => {
    expect(ids(await livescores(`league_id=${MINI_LEAGUE.id}`))).toEqual([LIVE.first, LIVE.second]);
    expect(ids(await livescores("league_id=1,2"))).toEqual([]);
    expect(ids(await livescores("sport_id=2"))).toEqual([]);
  });

  it("localizes names", async () => {
    const [fixture] = (await livescores("language=es")).fixtures;
    expect(fixture!.language).toBe("es");
    expect(fixture!.country.name).toBe("Inglaterra");
    expect(fixture!.participants.map((p) => p.name)).toEqual(["Atlético de Madrid", "1. FC Köln"]);
  });

  it.each([
    ["include=fair_odds", "Unsupported include(s): fair_odds. Supported: odds, statistics, metrics"],
    ["include=last_fixtures,trends", "Unsupported include(s): last_fixtures, trends. Supported: odds, statistics, metrics"],
    ["filter[odds]=is_live:1", "filter[odds] needs include=odds"],
    ["include=odds&filter[odds]=suspend:2", "filter[odds] suspend must be 0 or 1, got '2'"],
    ["filter[trends]=types:15", "Unsupported filter: filter[trends]. Supported: filter[metrics], filter[statistics], filter[odds]"],
    ["league_id=-1", "league_id must be a comma-separated list of at most 100 positive integer ids"],
    ["sport_id=abc", "sport_id must be an integer of at least 1"],
    ["lang=xx", "lang must be a two-letter lowercase ISO 639-1 language code, for example en"],
  ])("%s is a 400", async (query, message) => {
    expect(await getError(env, `/livescores?${query}`)).toBe(message);
  });
});
