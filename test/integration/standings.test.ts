import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FixtureDocument } from "../../src/domain/fixture/fixture-document.js";
import type { Catalog, CatalogMatch } from "../../src/domain/catalog.js";
import { recomputeSeasonStandings } from "../../src/standings/recompute.js";
import { readOneFixtureVersioned } from "../../src/store/fixture-reads.js";
import { loadCatalog, MINI_LEAGUE, MINI_SEASONS, miniCatalog } from "../support/mini-catalog.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

type Row = {
  season: { id: number; name: string };
  stage: { id: number; name: string } | null;
  group: { id: number; name: string } | null;
  position: number;
  team: { id: number; name: string };
  points: number;
  result: string | null;
  statistics: Array<{ team_id: number; type_id: number; developer_name: string; value: number }>;
};

const now = new Date("2026-11-21T15:30:00.000Z");
const PAST = MINI_SEASONS.past.id;
const CUP = { id: 703, league_id: MINI_LEAGUE.id, name: "Cup 2025", simulated: false, source: "test" };
const GROUP_STAGE = { id: 31, name: "Group Stage" };
const PLAYOFFS = { id: 32, name: "Playoffs" };
const FINAL = { id: 33, name: "Final" };

let env: TestEnv;
let key: string;

/** A cup season: two groups of three, a round-robin play-off stage of three teams, and a final. */
function cupMatches(): CatalogMatch[] {
  let id = 100;
  const match = (home: number, away: number, day: number, stage: CatalogMatch["stage"], group: CatalogMatch["group"], ft: [number, number]): CatalogMatch => ({
    id: id++,
    season_id: CUP.id,
    league_id: MINI_LEAGUE.id,
    stage,
    group,
    round: "Round 1",
    date_time: `2025-04-${String(day).padStart(2, "0")}T18:00:00.000Z`,
    status: "FT",
    home_team_id: home,
    away_team_id: away,
    result: { ft },
    knockout: stage === FINAL,
  });
  const a = { id: 41, name: "Group A" };
  const b = { id: 42, name: "Group B" };
  return [
    match(11, 12, 1, GROUP_STAGE, a, [1, 0]),
    match(12, 13, 2, GROUP_STAGE, a, [1, 0]),
    match(13, 11, 3, GROUP_STAGE, a, [0, 2]),
    match(14, 15, 1, GROUP_STAGE, b, [0, 0]),
    match(15, 16, 2, GROUP_STAGE, b, [0, 1]),
    match(16, 14, 3, GROUP_STAGE, b, [2, 2]),
    match(11, 16, 10, PLAYOFFS, null, [1, 1]),
    match(16, 12, 11, PLAYOFFS, null, [0, 3]),
    match(12, 11, 12, PLAYOFFS, null, [2, 0]),
    match(12, 16, 20, FINAL, null, [1, 0]),
  ];
}

beforeAll(async () => {
  env = await startTestEnv();
  const mini = miniCatalog([
    { id: 1, home: 11, away: 12, date_time: "2025-03-01T15:00:00.000Z", status: "FT", result: { ht: [1, 0], ft: [2, 1] } },
    { id: 2, home: 13, away: 14, date_time: "2025-03-01T15:00:00.000Z", status: "FT", result: { ft: [0, 0] } },
    { id: 3, home: 15, away: 16, date_time: "2025-03-02T15:00:00.000Z", status: "POSTPONED" },
    { id: 4, home: 12, away: 13, date_time: "2025-03-08T15:00:00.000Z", status: "FT", result: { ft: [1, 3] } },
    { id: 5, home: 16, away: 11, date_time: "2025-03-09T15:00:00.000Z", status: "AWARDED", result: { ft: [3, 0] } },
    { id: 6, home: 11, away: 13, date_time: "2026-11-25T15:00:00.000Z", status: "NOT_STARTED", season: "current" },
  ]);
  const catalog: Catalog = { ...mini, seasons: [...mini.seasons, CUP], matches: [...mini.matches, ...cupMatches()] };
  await loadCatalog(env, catalog, now);
  key = await env.createKey({ userId: 3, roles: ["standings"] });
});
afterAll(async () => {
  await env?.close();
});

async function standings(query: string, withKey = key): Promise<Row[]> {
  const response = await env.get(`/standings?${query}`, { key: withKey });
  expect(response.status).toBe(200);
  return ((await response.json()) as { standings: Row[] }).standings;
}

const stat = (row: Row, name: string) => row.statistics.find((s) => s.developer_name === name)?.value;

function storedFixture(id: number): Promise<FixtureDocument> {
  return env.storedFixture(id);
}

describe("GET /standings", () => {
  it("returns 403 Unauthorized without a key and Forbidden for a key without the role", async () => {
    const none = await env.get(`/standings?season_id=${PAST}`, { key: null });
    expect(none.status).toBe(403);
    expect(await none.json()).toEqual({ error: "Unauthorized" });
    const plain = await env.get(`/standings?season_id=${PAST}`, { key: await env.createKey({ userId: 3 }) });
    expect(plain.status).toBe(403);
    expect(await plain.json()).toEqual({ error: "Forbidden: this endpoint needs the role 'standings'" });
  });

  it.each(["", "season_id=", "season_id=abc", "season_id=0", "season_id=-1", "season_id=2.5", "season_id=1&season_id=2"])(
    "returns 400 for '%s'",
    async (query) => {
      const response = await env.get(`/standings?${query}`, { key });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: string };
      expect(body.error).toMatch(/^season_id must be/);
    },
  );

  it("names the rule for a missing or malformed season_id exactly", async () => {
    for (const query of ["", "season_id=x", "season_id=0"]) {
      const response = await env.get(`/standings?${query}`, { key });
      expect(await response.json()).toEqual({ error: "season_id must be a positive integer" });
    }
  });

  it("returns an empty list for an unknown season", async () => {
    expect(await standings("season_id=999999")).toEqual([]);
  });

  it("ranks finished and awarded fixtures by points, goal difference, goals and name", async () => {
    const rows = await standings(`season_id=${PAST}`);
    expect(rows.map((r) => [r.position, r.team.id, r.points])).toEqual([
      [1, 13, 4],
      [2, 16, 3],
      [3, 11, 3],
      [4, 14, 1],
      [5, 15, 0],
      [6, 12, 0],
    ]);
    const cologne = rows[1]!;
    expect(stat(cologne, "OVERALL_MATCHES_PLAYED")).toBe(1);
    expect(stat(cologne, "HOME_GOALS_FOR")).toBe(3);
    expect(stat(cologne, "OVERALL_GOAL_DIFFERENCE")).toBe(3);
    const arsenal = rows[2]!;
    expect(stat(arsenal, "AWAY_LOST")).toBe(1);
    expect(stat(arsenal, "HOME_WON")).toBe(1);
    expect(stat(arsenal, "OVERALL_GOALS_AGAINST")).toBe(4);
    expect(rows.every((r) => r.season.id === PAST && r.season.name === "2024/2025" && r.stage === null && r.group === null)).toBe(true);
    expect(rows[0]!.result).toBe("UEFA Champions League");
    expect(Object.keys(rows[0]!)).toEqual(["season", "stage", "group", "position", "team", "points", "result", "statistics"]);
  });

  it("localizes team names with language or lang and keeps the positions", async () => {
    const english = await standings(`season_id=${PAST}`);
    const german = await standings(`season_id=${PAST}&lang=de`);
    expect(german.map((r) => [r.position, r.team.id])).toEqual(english.map((r) => [r.position, r.team.id]));
    expect(german.find((r) => r.team.id === 11)!.team.name).toBe("FC Arsenal");
    expect(english.find((r) => r.team.id === 11)!.team.name).toBe("Arsenal FC");
    const spanish = await standings(`season_id=${PAST}&language=es`);
    expect(spanish.find((r) => r.team.id === 15)!.team.name).toBe("Atlético de Madrid");
    const bad = await env.get(`/standings?season_id=${PAST}&language=english`, { key });
    expect(bad.status).toBe(400);
  });

  it("lists every table of a season in one flat list by stage, group and position, without knockout stages", async () => {
    const rows = await standings(`season_id=${CUP.id}`);
    expect(rows.map((r) => `${r.stage?.name}/${r.group?.name ?? "-"}/${r.position}/${r.team.id}`)).toEqual([
      "Group Stage/Group A/1/11",
      "Group Stage/Group A/2/12",
      "Group Stage/Group A/3/13",
      "Group Stage/Group B/1/16",
      "Group Stage/Group B/2/14",
      "Group Stage/Group B/3/15",
      "Playoffs/-/1/12",
      "Playoffs/-/2/11",
      "Playoffs/-/3/16",
    ]);
    expect(rows.every((r) => r.result === null)).toBe(true);
  });

  it("sets participants' positions from the table of the fixture's stage", async () => {
    expect((await storedFixture(1)).participants.map((p) => p.position)).toEqual([3, 6]);
    expect((await storedFixture(109)).participants.map((p) => p.position)).toEqual([null, null]);
  });
});

/** The doc values of a fixture's indexed-only search fields (what a rewrite must keep). */
async function searchDocValues(id: number): Promise<unknown> {
  const mappings = Object.values(await env.es.indices.getMapping({ index: env.deps.indices.fixtures }))[0]!.mappings;
  const search = (mappings.properties?.search as { properties?: Record<string, { type?: string }> } | undefined)?.properties ?? {};
  const keywords = Object.entries(search).filter(([, field]) => field.type === "keyword").map(([name]) => `search.${name}`);
  const response = await env.es.search({
    index: env.deps.indices.fixtures_all,
    query: { term: { id } },
    docvalue_fields: keywords,
    _source: false,
  });
  return response.hits.hits[0]?.fields;
}

describe("recomputeSeasonStandings", () => {
  let searchBefore: unknown;
  beforeAll(async () => {
    searchBefore = await searchDocValues(1);
  });

  it("recomputes a season from the fixtures index, deletes stale rows by id and refreshes positions", async () => {
    const { fixtures, standings: standingsIndex } = env.deps.indices;
    // The postponed fixture is played after all: Atlético beat Köln 2-0.
    await env.es.update({
      index: fixtures,
      id: "3",
      doc: {
        status: "FT",
        scores: [
          { fixture_id: 3, team_id: 15, value: 2, developer_name: "CURRENT" },
          { fixture_id: 3, team_id: 16, value: 0, developer_name: "CURRENT" },
        ],
      },
      refresh: true,
    });
    await env.es.index({
      index: standingsIndex,
      id: `${PAST}:0:0:999`,
      document: { season_id: PAST, stage_id: 0, group_id: 0, sort_key: "00000099", position: 7, team_id: 999, row: {}, team_names: {}, computed_at: now.toISOString() },
      refresh: true,
    });

    const report = await recomputeSeasonStandings(env.es, env.deps.indices, PAST, now);
    await env.es.indices.refresh({ index: [fixtures, standingsIndex] });

    expect(report).toMatchObject({ seasonId: PAST, rows: 6, deleted: 1 });
    expect(report.fixturesRepositioned).toBeGreaterThan(0);
    const rows = await standings(`season_id=${PAST}`);
    expect(rows.map((r) => [r.position, r.team.id, r.points])).toEqual([
      [1, 13, 4],
      [2, 15, 3],
      [3, 16, 3],
      [4, 11, 3],
      [5, 14, 1],
      [6, 12, 0],
    ]);
    expect(rows.find((r) => r.team.id === 15)!.team.name).toBe("Atlético Madrid");
    expect((await standings(`season_id=${PAST}&lang=es`)).find((r) => r.team.id === 15)!.team.name).toBe("Atlético de Madrid");
    expect((await storedFixture(1)).participants.map((p) => p.position)).toEqual([4, 6]);
    expect((await storedFixture(5)).participants.map((p) => p.position)).toEqual([3, 4]);
    // A repositioned fixture changed: its updated_at says when, so the streams' change feed sees it.
    expect((await storedFixture(1)).updated_at).toBe(now.toISOString());
  });

  it("keeps a repositioned fixture findable by its indexed-only effective values and team names (in history: metrics, not statistics)", async () => {
    expect(searchBefore).toBeDefined();
    expect(Object.keys(searchBefore as object).length).toBeGreaterThan(0);
    expect(await searchDocValues(1)).toEqual(searchBefore);
    const matching = async (name: string) =>
      (
        await env.es.count({
          index: env.deps.indices.fixtures_all,
          query: {
            bool: {
              filter: [
                { term: { id: 1 } },
                { nested: { path: "effective", query: { term: { "effective.name": name } } } },
                { match: { "search.teams": "arsenal" } },
              ],
            },
          },
        })
      ).count;
    // Fixture 1 is last season's, in history: it keeps its metrics among `effective`, its statistics only in _source (index-family.ts).
    expect((await readOneFixtureVersioned(env.es, env.deps.indices, "1"))?.family).toBe("fixtures_history");
    const stored = await storedFixture(1);
    expect(stored.statistics.some((s) => s.developer_name === "GOALS")).toBe(true);
    expect(await matching(stored.metrics[0]!.developer_name)).toBe(1);
    expect(await matching("GOALS")).toBe(0);
  });

  it("leaves an unknown season with no rows", async () => {
    const report = await recomputeSeasonStandings(env.es, env.deps.indices, 424242, now);
    expect(report).toEqual({ seasonId: 424242, rows: 0, deleted: 0, fixturesRepositioned: 0 });
  });
});
