import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FixtureView, LastFixtureView } from "../../src/presenters/fixture-presenter.js";
import { getOk, type FixturesPage } from "../support/fixtures-api.js";
import { EXTRA_TIME, FIXTURES_NOW, fixturesCatalog, FORM, LIVE, PAGING_DAY } from "../support/fixtures-catalog.js";
import { loadCatalog } from "../support/mini-catalog.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

let env: TestEnv;
beforeAll(async () => {
  env = await startTestEnv();
  await loadCatalog(env, fixturesCatalog(), FIXTURES_NOW);
});
afterAll(async () => {
  await env?.close();
});

async function one(id: number, query: string): Promise<FixtureView> {
  const body = await getOk<FixturesPage>(env, `/fixtures?fixture_id=${id}&${query}`);
  expect(body.fixtures).toHaveLength(1);
  return body.fixtures[0]!;
}
const typeIds = (entries: Array<{ type_id: number }>) => new Set(entries.map((entry) => entry.type_id));

describe("GET /fixtures includes", () => {
  it("adds each requested module and nothing else", async () => {
    const plain = await one(FORM.target, "");
    for (const module of ["odds", "statistics", "metrics", "fair_odds", "movement", "last_fixtures", "trends"]) {
      expect(plain).not.toHaveProperty(module);
    }
    const full = await one(FORM.target, "include=odds,statistics,metrics,fair_odds,movement,last_fixtures,trends");
    expect(Object.keys(full).slice(15)).toEqual(["odds", "statistics", "metrics", "fair_odds", "movement", "trends", "last_fixtures"]);
    expect(full.odds!.length).toBeGreaterThan(0);
    expect(full.odds!.every((odd) => odd.fixture_id === FORM.target)).toBe(true);
    expect(full.fair_odds!.every((fair) => fair.probability > 0 && fair.probability < 1 && fair.fair_value > 1)).toBe(true);
    expect(full.movement!.length).toBeGreaterThan(0);
    const goals = full.statistics!.filter((s) => s.developer_name === "GOALS").map((s) => [s.team_id, s.value]);
    expect(goals).toEqual([[11, 2], [12, 1], [0, 3]]);
  });

  it("narrows odds by filter[odds] without removing the fixture", async () => {
    const all = (await one(FORM.target, "include=odds")).odds!;
    const bookmaker = all[0]!.bookmaker_id;
    const market = all[0]!.market_id;
    const narrowed = (await one(FORM.target, `include=odds&filter[odds]=bookmakers:${bookmaker};markets:${market}`)).odds!;
    expect(narrowed.length).toBeGreaterThan(0);
    expect(narrowed.length).toBeLessThan(all.length);
    expect(narrowed.every((odd) => odd.bookmaker_id === bookmaker && odd.market_id === market)).toBe(true);
    expect((await one(FORM.target, "include=odds&filter[odds]=is_live:1")).odds).toEqual([]);
  });

  it("narrows statistics by filter[statistics] types", async () => {
    const view = await one(FORM.target, "include=statistics&filter[statistics]=types:34,52");
    expect(typeIds(view.statistics!)).toEqual(new Set([34, 52]));
  });

  it("narrows metrics by types, by developer_types, and by both together", async () => {
    const byType = await one(FORM.target, "include=metrics&filter[metrics]=types:105,1");
    expect(byType.metrics!.map((m) => [m.type_id, m.developer_name])).toEqual([[105, "PREDICTION_GL_CONFIDENCE"]]);
    const averages = await one(FORM.target, "include=metrics&filter[metrics]=developer_types:league_average");
    expect([...typeIds(averages.metrics!)].every((id) => id >= 303 && id <= 344)).toBe(true);
    expect(averages.metrics!.length).toBe(42);
    const groups = await one(FORM.target, "include=metrics&filter[metrics]=developer_types:predictions,smart_money");
    expect([...typeIds(groups.metrics!)].every((id) => id >= 100 && id < 300)).toBe(true);
    expect(typeIds(groups.metrics!)).toContain(105);
    const both = await one(FORM.target, "include=metrics&filter[metrics]=types:105,303;developer_types:league_average");
    expect(both.metrics!.map((m) => m.type_id)).toEqual([303]);
  });

  it("keeps a fixture whose arrays a filter empties", async () => {
    const view = await one(LIVE.upcoming, "include=statistics&filter[statistics]=types:34");
    expect(view.statistics).toEqual([]);
  });
});

describe("GET /fixtures include=trends", () => {
  it("returns the 18 default types for both teams without filter[trends]", async () => {
    const view = await one(FORM.target, "include=trends");
    expect(typeIds(view.trends!)).toEqual(new Set([15, 14, 53, 22, 12, 11, 27, 28, 25, 13, 9, 10, 20, 19, 16, 23, 117, 118]));
    expect(new Set(view.trends!.map((t) => t.team_id))).toEqual(new Set([11, 12]));
  });

  it("lets developer_names win over types", async () => {
    const view = await one(FORM.target, "include=trends&filter[trends]=developer_names:CORNERS,ATTACKS;types:15");
    expect(new Set(view.trends!.map((t) => t.developer_name))).toEqual(new Set(["CORNERS", "ATTACKS"]));
    expect(typeIds(view.trends!)).toEqual(new Set([13, 9]));
    const byType = await one(FORM.target, "include=trends&filter[trends]=types:15");
    expect(new Set(byType.trends!.map((t) => t.developer_name))).toEqual(new Set(["GOALS"]));
  });

  it("counts minutes across half time: the first half runs 1 to 45+, the second starts at 45", async () => {
    const view = await one(FORM.target, "include=trends&filter[trends]=developer_names:GOALS");
    const [first, second] = view.periods;
    const home = view.trends!.filter((t) => t.team_id === 11);
    const minutes = (periodId: number) => home.filter((t) => t.period_id === periodId).map((t) => t.minute);
    const run = (from: number, count: number) => Array.from({ length: count }, (_, k) => from + k);
    const firstHalf = minutes(first!.period_id);
    const secondHalf = minutes(second!.period_id);
    expect(firstHalf).toEqual(run(1, firstHalf.length));
    expect(firstHalf.length).toBeGreaterThan(45);
    expect(secondHalf).toEqual(run(45, secondHalf.length));
    expect(home.filter((t) => t.minute === 45).map((t) => t.period_id)).toEqual([first!.period_id, second!.period_id]);
  });

  it("counts extra-time minutes from 90 and 105 and keeps values cumulative to the final score", async () => {
    const view = await one(EXTRA_TIME, "include=trends&filter[trends]=developer_names:GOALS");
    const played = view.periods.filter((p) => p.developer_name !== "PENALTIES");
    expect(played.map((p) => p.developer_name)).toEqual(["1ST_HALF", "2ND_HALF", "EXTRA_TIME_1ST", "EXTRA_TIME_2ND"]);
    for (const team of [13, 14]) {
      const entries = view.trends!.filter((t) => t.team_id === team);
      const starts = played.map((p) => entries.find((t) => t.period_id === p.period_id)?.minute);
      expect(starts).toEqual([1, 45, 90, 105]);
      const values = entries.map((t) => t.value);
      expect(values).toEqual([...values].sort((a, b) => a - b));
      expect(values.at(-1)).toBe(1);
      // No entries for the shoot-out: it never counts in the trends.
      const penalties = view.periods.find((p) => p.developer_name === "PENALTIES")!;
      expect(entries.some((t) => t.period_id === penalties.period_id)).toBe(false);
    }
  });

  it("gives a fixture that has not kicked off an empty list", async () => {
    expect((await one(LIVE.upcoming, "include=trends")).trends).toEqual([]);
  });
});

describe("GET /fixtures include=last_fixtures", () => {
  it("lists the home team's last 10 home matches and the away team's away matches before kick-off, most recent first", async () => {
    const view = await one(FORM.target, "include=last_fixtures");
    const home = view.last_fixtures!.home;
    expect(home.map((f) => f.id)).toEqual([...FORM.homeOfHome].reverse().slice(0, 10));
    expect(home.every((f) => f.participants[0]!.id === 11 && f.participants[0]!.location === "home")).toBe(true);
    expect(view.last_fixtures!.away.map((f) => f.id)).toEqual([...FORM.awayOfAway].reverse());
    expect(view.last_fixtures!.away.every((f) => f.participants[1]!.id === 12)).toBe(true);
  });

  it("counts only matches strictly before the kick-off: not one at the same time, not a later one", async () => {
    const target = await one(FORM.target, "include=last_fixtures");
    const listed = target.last_fixtures!.home.map((f) => f.id);
    expect(listed).not.toContain(FORM.sameKickoff);
    expect(listed).not.toContain(FORM.after);
    const same = await one(FORM.sameKickoff, "include=last_fixtures");
    expect(same.last_fixtures!.home.map((f) => f.id)).not.toContain(FORM.target);
    const after = await one(FORM.after, "include=last_fixtures");
    expect(after.last_fixtures!.home.slice(0, 2).map((f) => f.id).sort()).toEqual([FORM.target, FORM.sameKickoff].sort());
  });

  it("leaves out matches that never kicked off (postponed)", async () => {
    const view = await one(FORM.after, "include=last_fixtures");
    expect(view.last_fixtures!.home.map((f) => f.id)).not.toContain(FORM.postponed);
  });

  it("gives empty arrays when there are no previous matches", async () => {
    const view = await one(FORM.first, "include=last_fixtures");
    expect(view.last_fixtures!.home).toEqual([]);
    expect(view.last_fixtures!.away).toEqual([]);
  });

  it("shows each entry with the Fixture fields and complete statistics and metrics, ignoring the outer filters", async () => {
    const view = await one(
      FORM.target,
      "include=last_fixtures,statistics,metrics&filter[statistics]=types:34&filter[metrics]=types:105&language=de",
    );
    expect(typeIds(view.statistics!)).toEqual(new Set([34]));
    const entry: LastFixtureView = view.last_fixtures!.home[0]!;
    expect(Object.keys(entry)).toEqual([
      "id", "date_time", "status", "is_live", "language", "sport", "country", "league", "season",
      "group", "stage", "participants", "scores", "periods", "updated_at", "statistics", "metrics",
    ]);
    expect(entry.language).toBe("de");
    expect(entry.participants[0]!.name).toBe("FC Arsenal");
    expect(typeIds(entry.statistics).size).toBeGreaterThan(10);
    expect(typeIds(entry.metrics)).toContain(303);
    expect(typeIds(entry.metrics)).toContain(105);
  });

  it("answers every fixture of a page from one request, each with its own lists", async () => {
    const body = await getOk<FixturesPage>(env, `/fixtures?date=${PAGING_DAY.date}&include=last_fixtures`);
    expect(body.fixtures.map((f) => f.id)).toEqual([...PAGING_DAY.asc]);
    for (const fixture of body.fixtures) {
      const [home, away] = fixture.participants;
      for (const entry of fixture.last_fixtures!.home) {
        expect(entry.participants[0]!.id).toBe(home!.id);
        expect(Date.parse(entry.date_time)).toBeLessThan(Date.parse(fixture.date_time));
      }
      for (const entry of fixture.last_fixtures!.away) expect(entry.participants[1]!.id).toBe(away!.id);
    }
    const withForm = body.fixtures.filter((f) => f.last_fixtures!.home.length + f.last_fixtures!.away.length > 0);
    expect(withForm.length).toBeGreaterThan(0);
  });
});
