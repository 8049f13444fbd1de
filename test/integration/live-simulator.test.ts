import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FixtureDocument } from "../../src/domain/fixture/fixture-document.js";
import { unpackTrends } from "../../src/domain/fixture/packed-trends.js";
import { expandTrends } from "../../src/domain/football/match/projection.js";
import { LiveSimulator } from "../../src/live/simulator.js";
import { loadCatalog, MINI_SEASONS, miniCatalog } from "../support/mini-catalog.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";
import { summaryOf, type HeadToHeadSummary } from "../support/head-to-head-oracle.js";
import type { FixtureView } from "../../src/presenters/fixture-presenter.js";

/**
 * The simulator drives simulated fixtures from kick-off to full time through the real update
 * path, on a match clock stepped here one minute at a time (a fast clock, without waiting).
 */
const MINUTE = 60_000;
const start = new Date(Math.floor(Date.now() / MINUTE) * MINUTE);
const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
const LEAGUE_MATCH = 1;
const LATER_MATCH = 2;
/** Cup ties level after 90 minutes go to extra time and penalties; this data set has some (checked below). */
const CUP_TIES = [21, 22, 23, 24, 25, 26, 27, 28];
const CURRENT = MINI_SEASONS.current.id;
const NOT_FALLING_EXCEPT = new Set(["BALL_POSSESSION", "PRESSURE_INDEX"]);

let env: TestEnv;
let simulator: LiveSimulator;
/** Every stored state of every fixture, one per step, oldest first. */
const seen = new Map<number, FixtureDocument[]>();
const livescoresIds: number[][] = [];
const liveWindowIds: number[][] = [];
let standingsKey: string;
type StandingRow = { team: { id: number }; position: number; statistics: Array<{ developer_name: string; value: number }> };
let standings: StandingRow[] = [];

async function fixtureIdsOf(path: string): Promise<number[]> {
  const response = await env.get(path);
  expect(response.status).toBe(200);
  return ((await response.json()) as { fixtures: Array<{ id: number }> }).fixtures.map((f) => f.id);
}

beforeAll(async () => {
  env = await startTestEnv();
  standingsKey = await env.createKey({ roles: ["standings"] });
  await loadCatalog(
    env,
    miniCatalog([
      { id: 3, home: 13, away: 14, date_time: at(-60 * 24 * 7).toISOString(), status: "FT", season: "current" },
      { id: LEAGUE_MATCH, home: 11, away: 12, date_time: at(2).toISOString(), status: "NOT_STARTED", season: "current" },
      { id: LATER_MATCH, home: 12, away: 11, date_time: at(60 * 24 * 3).toISOString(), status: "NOT_STARTED", season: "current" },
      ...CUP_TIES.map((id, i) => ({ id, home: 13 + (i % 2), away: 15 + (i % 2), date_time: at(3).toISOString(), status: "NOT_STARTED" as const, season: "current" as const, knockout: true })),
    ]),
    start,
  );
  simulator = new LiveSimulator(env.es, env.deps.indices, { startAt: start });
  const ids = [LEAGUE_MATCH, ...CUP_TIES];
  for (let minute = 0; minute <= 200; minute++) {
    await simulator.step(at(minute));
    for (const id of ids) {
      const doc = await env.storedFixture(id);
      const states = seen.get(id) ?? [];
      if (JSON.stringify(states.at(-1)) !== JSON.stringify(doc)) states.push(doc);
      seen.set(id, states);
    }
    if (minute === 30 || minute === 150) {
      await env.es.indices.refresh({ index: env.deps.indices.fixtures });
      livescoresIds.push(await fixtureIdsOf("/livescores"));
      liveWindowIds.push(await fixtureIdsOf("/fixtures/search?window=live&per_page=50"));
    }
  }
  await env.es.indices.refresh({ index: [env.deps.indices.fixtures, env.deps.indices.standings] });
  const response = await env.get(`/standings?season_id=${CURRENT}`, { key: standingsKey });
  expect(response.status).toBe(200);
  standings = ((await response.json()) as { standings: StandingRow[] }).standings;
}, 240_000);

afterAll(async () => {
  await env?.close();
});

const scoreOf = (doc: FixtureDocument, teamId: number, name: string) => doc.scores.find((s) => s.team_id === teamId && s.developer_name === name)?.value;
const statOf = (doc: FixtureDocument, teamId: number, name: string) => doc.statistics.find((s) => s.team_id === teamId && s.developer_name === name)?.value;

describe("the live simulator", () => {
  it("moves a league match from NOT_STARTED through both halves to FT", () => {
    const statuses = [...new Set(seen.get(LEAGUE_MATCH)!.map((doc) => doc.status))];
    expect(statuses).toEqual(["NOT_STARTED", "INPLAY_1ST_HALF", "HT", "INPLAY_2ND_HALF", "FT"]);
    const final = seen.get(LEAGUE_MATCH)!.at(-1)!;
    expect(final.is_live).toBe(false);
    expect(final.minute).toBeNull();
  });

  it("plays extra time and penalties in a cup tie level after 90 minutes", () => {
    const withExtraTime = CUP_TIES.filter((id) => seen.get(id)!.some((doc) => doc.status === "INPLAY_ET"));
    expect(withExtraTime.length).toBeGreaterThan(0);
    for (const id of withExtraTime) {
      const statuses = [...new Set(seen.get(id)!.map((doc) => doc.status))];
      expect(statuses.slice(0, 6)).toEqual(["NOT_STARTED", "INPLAY_1ST_HALF", "HT", "INPLAY_2ND_HALF", "EXTRA_TIME_BREAK", "INPLAY_ET"]);
      expect(statuses.at(-1)).toBe("FT");
      const final = seen.get(id)!.at(-1)!;
      expect(final.periods.map((p) => p.developer_name).slice(0, 4)).toEqual(["1ST_HALF", "2ND_HALF", "EXTRA_TIME_1ST", "EXTRA_TIME_2ND"]);
    }
  });

  it("keeps cumulative trends from ever falling, within a state and from one state to the next", () => {
    for (const id of [LEAGUE_MATCH, ...CUP_TIES]) {
      const previous = new Map<string, number>();
      for (const doc of seen.get(id)!) {
        if (!doc.trends) continue;
        const within = new Map<string, number>();
        for (const entry of expandTrends(unpackTrends(doc.trends))) {
          if (NOT_FALLING_EXCEPT.has(entry.developer_name)) continue;
          const key = `${entry.team_id}:${entry.type_id}`;
          expect(entry.value).toBeGreaterThanOrEqual(within.get(key) ?? 0);
          within.set(key, entry.value);
        }
        for (const [key, value] of within) {
          expect(value).toBeGreaterThanOrEqual(previous.get(key) ?? 0);
          previous.set(key, value);
        }
      }
      expect(previous.size).toBeGreaterThan(0);
    }
  });

  it("writes scores that agree with the GOALS statistics and trends in every state, and at full time", () => {
    for (const id of [LEAGUE_MATCH, ...CUP_TIES]) {
      for (const doc of seen.get(id)!) {
        if (doc.status === "NOT_STARTED") continue;
        const trends = expandTrends(unpackTrends(doc.trends!));
        for (const team of [doc.home_team_id, doc.away_team_id]) {
          const goalsTrend = trends.filter((e) => e.team_id === team && e.developer_name === "GOALS").at(-1)?.value ?? 0;
          expect(scoreOf(doc, team, "CURRENT")).toBe(statOf(doc, team, "GOALS"));
          expect(goalsTrend).toBe(statOf(doc, team, "GOALS"));
        }
      }
      expect(seen.get(id)!.at(-1)!.status).toBe("FT");
    }
  });

  it("follows the half-time rules: HT shows the first half closed, the second half starts at minute 45", () => {
    const states = seen.get(LEAGUE_MATCH)!;
    const halfTime = states.find((doc) => doc.status === "HT")!;
    expect(halfTime.periods).toHaveLength(1);
    expect(halfTime.periods[0]).toMatchObject({ developer_name: "1ST_HALF", ticking: 0, counts_from: 0 });
    expect(halfTime.periods[0]!.ended).not.toBeNull();
    for (const team of [halfTime.home_team_id, halfTime.away_team_id]) {
      expect(scoreOf(halfTime, team, "1ST_HALF")).toBe(scoreOf(halfTime, team, "CURRENT"));
      expect(scoreOf(halfTime, team, "2ND_HALF")).toBeUndefined();
    }
    const final = states.at(-1)!;
    const secondHalf = final.periods.find((p) => p.developer_name === "2ND_HALF")!;
    expect(secondHalf.counts_from).toBe(45);
    const secondHalfMinutes = expandTrends(unpackTrends(final.trends!)).filter((e) => e.period_id === secondHalf.period_id).map((e) => e.minute);
    expect(Math.min(...secondHalfMinutes)).toBe(45);
    for (const team of [final.home_team_id, final.away_team_id]) {
      expect(scoreOf(final, team, "2ND_HALF")).toBe(scoreOf(final, team, "1ST_HALF")! + scoreOf(final, team, "2ND_HALF_ONLY")!);
    }
  });

  it("offers live odds in play and settles every odd at full time", () => {
    const inPlay = seen.get(LEAGUE_MATCH)!.find((doc) => doc.status === "INPLAY_2ND_HALF")!;
    expect(inPlay.odds.some((odd) => odd[0] >= 500)).toBe(true);
    const final = seen.get(LEAGUE_MATCH)!.at(-1)!;
    expect(final.odds.every((odd) => (odd[4] ?? 0) !== 0)).toBe(true);
    expect(final.odds.every((odd) => (odd[5] ?? 0) === 0)).toBe(true);
  });

  it("shows the moving matches on /livescores and window=live, and not once they are over", () => {
    expect(livescoresIds[0]).toEqual(expect.arrayContaining([LEAGUE_MATCH, ...CUP_TIES]));
    expect(liveWindowIds[0]).toEqual(expect.arrayContaining([LEAGUE_MATCH, ...CUP_TIES]));
    expect(livescoresIds[1]).not.toContain(LEAGUE_MATCH);
    expect(liveWindowIds[1]).not.toContain(LEAGUE_MATCH);
  });

  it("counts the finished match in the season's standings and moves the participants' positions", async () => {
    const rows = standings;
    const played = (teamId: number) => rows.find((row) => row.team.id === teamId)?.statistics.find((s) => s.developer_name === "OVERALL_MATCHES_PLAYED")?.value;
    expect(played(11)).toBe(1);
    expect(played(12)).toBe(1);
    const later = await env.storedFixture(LATER_MATCH);
    for (const participant of later.participants) {
      expect(participant.position).toBe(rows.find((row) => row.team.id === participant.id)!.position);
    }
  });

  it("stores the settled selections when a match finishes in play, so a backtest bets on it", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const finished = [LEAGUE_MATCH, ...CUP_TIES].map((id) => seen.get(id)!.at(-1)!).filter((doc) => doc.date_time.slice(0, 10) <= today);
    expect(finished.every((doc) => doc.status === "FT")).toBe(true);
    // Home wins on the 90-minute score (2ND_HALF), decided here from the scores alone.
    const homeWins = finished.filter((doc) => scoreOf(doc, doc.home_team_id, "2ND_HALF")! > scoreOf(doc, doc.away_team_id, "2ND_HALF")!).length;
    const response = await env.get(`/fixtures/backtest?market_id=1&label_id=1&start_date=${start.toISOString().slice(0, 10)}&end_date=${today}`);
    expect(response.status).toBe(200);
    const { backtest } = (await response.json()) as { backtest: { fixtures: number; bets: number; won: number } };
    expect(backtest).toMatchObject({ bets: finished.length, won: homeWins });
    expect(finished.length).toBeGreaterThan(0);
  });

  it("stores the final result when a match finishes in play, so head-to-head counts it", async () => {
    // 11 v 12 once (the league match); the cup ties pair 13 with 15 and 14 with 16 four times each.
    const pairs: Array<[[number, number], number[]]> = [
      [[11, 12], [LEAGUE_MATCH]],
      [[15, 13], CUP_TIES.filter((_, i) => i % 2 === 0)],
      [[14, 16], CUP_TIES.filter((_, i) => i % 2 === 1)],
    ];
    for (const [teamIds, ids] of pairs) {
      expect(ids.every((id) => seen.get(id)!.at(-1)!.status === "FT")).toBe(true);
      const response = await env.get(`/fixtures/head-to-head?team_ids=${teamIds.join(",")}`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { fixtures: FixtureView[]; summary: HeadToHeadSummary };
      expect(body.fixtures.map((fixture) => fixture.id).sort((a, b) => a - b)).toEqual(ids);
      // Counted from the final scores shown (a shoot-out is no goal: CURRENT), independently of the aggregations.
      expect(body.summary).toEqual(summaryOf(body.fixtures, teamIds));
    }
  });

  it("leaves nothing to move once every match is over", () => {
    expect(simulator.size).toBe(0);
  });
});
