import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Catalog } from "../../src/domain/catalog.js";
import { loadCatalog, MINI_COUNTRY, MINI_LEAGUE, miniCatalog } from "../support/mini-catalog.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

let env: TestEnv;
const now = new Date();
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();

/** The mini catalog plus a level-2 league whose fixture is in the window but must not be found. */
function catalog(): Catalog {
  const base = miniCatalog([
    { id: 1, home: 11, away: 12, date_time: hours(3), status: "NOT_STARTED", season: "current" },
    { id: 2, home: 13, away: 14, date_time: hours(-0.5), status: "NOT_STARTED", season: "current" },
    { id: 3, home: 12, away: 11, date_time: hours(24 * 8), status: "NOT_STARTED", season: "current" },
    { id: 4, home: 15, away: 16, date_time: hours(-7), status: "NOT_STARTED", season: "current" },
    { id: 5, home: 15, away: 11, date_time: hours(-24 * 300), status: "FT", result: { ft: [1, 0] } },
  ]);
  const second = { ...MINI_LEAGUE, id: 802, code: "en.2", name: "Test Championship", alternate_names: [], names: { en: "Test Championship" }, level: 2, popular: false };
  const season = { id: 703, league_id: second.id, name: "2026/2027", simulated: true, source: "test" };
  base.leagues.push(second);
  base.seasons.push(season);
  base.matches.push({
    id: 6, season_id: season.id, league_id: second.id, stage: null, group: null, round: "Matchday 1",
    date_time: hours(5), status: "NOT_STARTED", home_team_id: 15, away_team_id: 16, knockout: false,
  });
  return base;
}

beforeAll(async () => {
  env = await startTestEnv();
  await loadCatalog(env, catalog(), now);
});
afterAll(async () => {
  await env?.close();
});

type Item = { score: number; id?: number; name?: string };
async function search(params: string): Promise<{ status: number; body: Record<string, Item[]> & { error?: string } }> {
  const response = await env.get(`/search?${params}`);
  return { status: response.status, body: (await response.json()) as Record<string, Item[]> & { error?: string } };
}

describe("GET /search parameters", () => {
  it.each([
    ["types=team", "q is required"],
    ["q=%20%20&types=team", "q is required"],
    [`q=${"a".repeat(101)}&types=team`, "q must be at most 100 characters"],
    ["q=arsenal", "types is required"],
    ["q=arsenal&types=", "types is required"],
    ["q=arsenal&types=team,player,venue", "Unsupported type(s): player, venue. Supported: country, league, team, fixture"],
    ["q=arsenal&types=team&limit=0", "limit must be an integer from 1 to 20"],
    ["q=arsenal&types=team&limit=21", "limit must be an integer from 1 to 20"],
    ["q=arsenal&types=team&language=english", "language must be a two-letter lowercase ISO 639-1 language code, for example en"],
  ])("answers 400 for %s", async (params, error) => {
    const { status, body } = await search(params);
    expect(status).toBe(400);
    expect(body).toEqual({ error });
  });

  it("accepts a q of exactly 100 characters after trimming", async () => {
    const { status } = await search(`q=${encodeURIComponent(` ${"a".repeat(100)} `)}&types=team`);
    expect(status).toBe(200);
  });

  it("answers 403 without a key", async () => {
    const response = await env.get("/search?q=arsenal&types=team", { key: null });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "Unauthorized" });
  });

  it("answers only the keys of the requested types", async () => {
    expect(Object.keys((await search("q=arsenal&types=team")).body)).toEqual(["teams"]);
    expect(Object.keys((await search("q=arsenal&types=fixture,country,team,league")).body)).toEqual(["countries", "leagues", "teams", "fixtures"]);
  });
});

describe("GET /search teams", () => {
  it("finds a team from a misspelling, below the score of an exact alternate name", async () => {
    const typo = (await search("q=tottenahm&types=team")).body.teams!;
    expect(typo[0]).toMatchObject({ id: 13, name: "Tottenham Hotspur FC" });
    expect(typo[0]!.score).toBeGreaterThan(0.5);
    expect(typo[0]!.score).toBeLessThan(1);
    const exact = (await search("q=SPURS&types=team")).body.teams!;
    expect(exact[0]).toMatchObject({ id: 13, score: 1 });
  });

  it("presents the team fields and orders by score, highest first", async () => {
    const { teams } = (await search("q=fc&types=team&limit=20")).body;
    expect(teams!.length).toBeGreaterThan(1);
    const scores = teams!.map((team) => team.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const score of scores) {
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(1);
    }
    const arsenal = (await search("q=arsenal&types=team")).body.teams![0];
    expect(arsenal).toEqual({
      id: 11,
      name: "Arsenal FC",
      short_code: "ARS",
      national_team: false,
      country: { id: MINI_COUNTRY.id, name: "England", alpha3: "ENG" },
      score: 1,
    });
  });

  it("matches names in any language and shows them in the requested one", async () => {
    const english = (await search("q=atletico%20de%20madrid&types=team")).body.teams![0];
    expect(english).toMatchObject({ id: 15, name: "Atlético Madrid", score: 1 });
    const spanish = (await search("q=atletico%20de%20madrid&types=team&language=es")).body.teams![0];
    expect(spanish).toMatchObject({ id: 15, name: "Atlético de Madrid", country: { name: "Inglaterra" } });
    const german = (await search("q=fc%20koeln&types=team&lang=de")).body.teams![0];
    expect(german).toMatchObject({ id: 16, name: "1. FC Köln" });
  });

  it("respects limit", async () => {
    expect((await search("q=fc&types=team&limit=2")).body.teams).toHaveLength(2);
  });
});

describe("GET /search fixtures", () => {
  it("finds a fixture by its two teams in either order, with or without a separator", async () => {
    for (const q of ["arsenal v chelsea", "chelsea - arsenal", "chelsea arsenal", "Arsenal vs. Chelsea FC"]) {
      const { fixtures } = (await search(`q=${encodeURIComponent(q)}&types=fixture`)).body;
      expect(fixtures?.[0]?.id, q).toBe(1);
    }
  });

  it("presents fixtures without milliseconds and without participant positions", async () => {
    const fixture = (await search("q=arsenal%20chelsea&types=fixture")).body.fixtures![0] as unknown as {
      date_time: string;
      participants: Array<Record<string, unknown>>;
      score: number;
      odds?: unknown;
    };
    expect(fixture.date_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(fixture.participants.map((p) => Object.keys(p).sort())).toEqual([["id", "location", "name"], ["id", "location", "name"]]);
    expect(fixture.score).toBe(1);
    expect(fixture.odds).toBeUndefined();
  });

  it("covers 6 hours back to 7 days ahead in level-1 leagues only", async () => {
    const ids = async (q: string) => ((await search(`q=${encodeURIComponent(q)}&types=fixture&limit=20`)).body.fixtures ?? []).map((f) => f.id);
    expect(await ids("spurs bayern")).toEqual([2]);
    // Arsenal: id 1 in 3 h; id 3 in 8 days and id 5 last year are outside the window.
    expect(await ids("arsenal")).toEqual([1]);
    // Atlético v Köln: 7 hours ago (outside), and the level-2 league's fixture in 5 hours.
    expect(await ids("atletico koln")).toEqual([]);
  });
});

describe("GET /search leagues and countries", () => {
  it("presents a league with its current season and the fixtures in play now", async () => {
    const league = (await search("q=test%20premier%20leauge&types=league")).body.leagues![0] as unknown as Record<string, unknown>;
    expect(league).toMatchObject({
      region: { id: 1, name: "Europe" },
      country: { id: MINI_COUNTRY.id, name: "England", alpha3: "ENG" },
      league: { id: MINI_LEAGUE.id, name: "Test Premier League", level: 1 },
      season: { id: 702, name: "2026/2027", is_current: true },
      sport: { id: 1, name: "Football" },
      live: 1,
      popular: true,
      level: 1,
      has_search: true,
    });
    expect(league.count).toBe(4);
    expect(league.score).toBeGreaterThan(0.8);
    expect(league.score).toBeLessThan(1);
  });

  it("finds a country by a translation and by its alpha-3 code", async () => {
    expect((await search("q=inglaterra&types=country")).body.countries![0]).toEqual({ id: MINI_COUNTRY.id, name: "England", alpha3: "ENG", score: 1 });
    expect((await search("q=eng&types=country&language=fr")).body.countries![0]).toEqual({ id: MINI_COUNTRY.id, name: "Angleterre", alpha3: "ENG", score: 0.85 });
  });
});

describe("GET /search faults", () => {
  it("answers 500 Search temporarily unavailable when an index cannot be searched", async () => {
    const alias = env.deps.indices.leagues;
    const concrete = Object.keys(await env.es.indices.getAlias({ name: alias }));
    await env.es.indices.delete({ index: concrete });
    const { status, body } = await search("q=premier&types=team,league");
    expect(status).toBe(500);
    expect(body).toEqual({ error: "Search temporarily unavailable" });
  });
});
