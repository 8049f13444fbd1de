import { beforeAll, describe, expect, it } from "vitest";
import type { FixtureDocument } from "../../../src/domain/fixture/fixture-document.js";
import type { Filters } from "../../../src/presenters/fixture-filters.js";
import { presentFixture, type FixtureVariant, type LastFixturesDocs } from "../../../src/presenters/fixture-presenter.js";
import { EXTRA_TIME, fixtureDocuments, FORM, LIVE, STAGED } from "../../support/fixtures-catalog.js";

let docs: Map<number, FixtureDocument>;
beforeAll(() => {
  docs = fixtureDocuments();
});

const doc = (id: number) => docs.get(id)!;
const present = (
  id: number,
  options: { language?: string; includes?: string[]; filters?: Filters; variant?: FixtureVariant; lastFixtures?: LastFixturesDocs } = {},
) =>
  presentFixture(doc(id), {
    language: options.language ?? "en",
    includes: new Set(options.includes ?? []),
    filters: options.filters ?? {},
    variant: options.variant ?? "fixtures",
    ...(options.lastFixtures ? { lastFixtures: options.lastFixtures } : {}),
  });

const FIXTURE_KEYS = [
  "id", "date_time", "status", "is_live", "language", "sport", "country", "league", "season",
  "group", "stage", "participants", "scores", "periods", "updated_at",
];

describe("presentFixture", () => {
  it("lists exactly the Fixture table's fields, so stored-only fields never leak", () => {
    const view = present(FORM.target);
    expect(Object.keys(view)).toEqual(FIXTURE_KEYS);
    expect(Object.keys(view.league)).toEqual(["id", "name", "level"]);
    expect(Object.keys(view.season)).toEqual(["id", "name", "starting_at", "ending_at", "is_current"]);
    expect(Object.keys(view.participants[0]!)).toEqual(["id", "name", "position", "location"]);
    expect(Object.keys(view.scores[0]!)).toEqual(["fixture_id", "team_id", "value", "developer_name"]);
    expect(Object.keys(view.periods[0]!)).toEqual([
      "period_id", "fixture_id", "started", "ended", "counts_from", "ticking", "sort_order",
      "time_added", "period_length", "minutes", "seconds", "developer_name",
    ]);
    expect(view.date_time).toBe("2025-04-01T19:00:00.000Z");
    expect(view.participants.map((p) => [p.id, p.location])).toEqual([[11, "home"], [12, "away"]]);
  });

  it("localizes country, league and team names and falls back to English", () => {
    const german = present(FORM.target, { language: "de" });
    expect(german.language).toBe("de");
    expect(german.country.name).toBe("England");
    expect(german.league.name).toBe("Test-Premier-League");
    expect(german.participants.map((p) => p.name)).toEqual(["FC Arsenal", "Chelsea FC"]);
    const spanish = present(FORM.target, { language: "es" });
    expect(spanish.country.name).toBe("Inglaterra");
    expect(spanish.league.name).toBe("Test Premier League");
    expect(present(FORM.target, { language: "ja" }).participants[0]?.name).toBe("Arsenal FC");
  });

  it("shows group and stage as { id, name }, and null when not applicable", () => {
    expect(present(STAGED)).toMatchObject({ stage: { id: 9001, name: "Group Stage" }, group: { id: 9101, name: "Group A" } });
    expect(present(FORM.target)).toMatchObject({ stage: null, group: null });
  });

  it("gives a fixture without score or period data empty arrays", () => {
    const view = present(LIVE.upcoming);
    expect(view.scores).toEqual([]);
    expect(view.periods).toEqual([]);
  });

  it("leaves out group and stage in the search variant", () => {
    const view = present(STAGED, { variant: "search" });
    expect(view).not.toHaveProperty("group");
    expect(view).not.toHaveProperty("stage");
    expect(view.participants[0]).toHaveProperty("position");
  });

  it("gives the livescores variant a season of only id and name", () => {
    expect(Object.keys(present(LIVE.first, { variant: "livescores" }).season)).toEqual(["id", "name"]);
  });

  it("gives the entity variant a date_time without milliseconds and participants without position", () => {
    const view = present(FORM.target, { variant: "entity" });
    expect(view.date_time).toBe("2025-04-01T19:00:00Z");
    expect(Object.keys(view.participants[0]!)).toEqual(["id", "name", "location"]);
    expect(view).not.toHaveProperty("updated_at");
  });

  it("shows when the stored state it presents was written", () => {
    expect(present(FORM.target)).toHaveProperty("updated_at", doc(FORM.target).updated_at);
    expect(doc(FORM.target).updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("adds a module only when it is included", () => {
    expect(present(FORM.target)).not.toHaveProperty("odds");
    const view = present(FORM.target, { includes: ["odds", "statistics", "metrics", "fair_odds", "movement", "trends"] });
    expect(Object.keys(view)).toEqual([...FIXTURE_KEYS, "odds", "statistics", "metrics", "fair_odds", "movement", "trends"]);
    expect(Object.keys(view.statistics![0]!)).toEqual(["team_id", "type_id", "developer_name", "value"]);
    expect(Object.keys(view.metrics![0]!)).toEqual(["team_id", "type_id", "developer_name", "value"]);
    expect(Object.keys(view.fair_odds![0]!)).toEqual([
      "market_id", "market_name", "label_id", "label_name", "probability", "fair_value", "model_id", "updated_at",
    ]);
    expect(Object.keys(view.odds![0]!)).toEqual([
      "odd_id", "fixture_id", "market_id", "bookmaker_id", "is_live", "label_id", "value", "handicap", "line",
      "last_update", "suspend", "sp", "home_score", "away_score", "status", "raw", "outcome",
      "market_description", "market_name", "label_name",
    ]);
  });

  it("keeps movement history oldest first", () => {
    const movement = present(FORM.target, { includes: ["movement"] }).movement!;
    expect(movement.length).toBeGreaterThan(0);
    for (const entry of movement) {
      expect(Object.keys(entry)).toEqual(["odd_id", "bookmaker_id", "market_id", "label_id", "history"]);
      const times = entry.history.map((point) => point.timestamp);
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
  });

  it("narrows statistics and metrics by their filters: types and developer_types must both hold", () => {
    const view = present(FORM.target, {
      includes: ["statistics", "metrics"],
      filters: { statistics: { types: [34] }, metrics: { types: [105, 303], developer_types: ["predictions"] } },
    });
    expect(new Set(view.statistics!.map((s) => s.type_id))).toEqual(new Set([34]));
    expect(view.metrics!.map((m) => m.type_id)).toEqual([105]);
    const averages = present(FORM.target, { includes: ["metrics"], filters: { metrics: { developer_types: ["league_average"] } } });
    expect(averages.metrics!.length).toBeGreaterThan(0);
    expect(averages.metrics!.every((m) => m.type_id >= 303 && m.type_id <= 344)).toBe(true);
  });

  it("returns only in-play odds in the livescores variant, after filter[odds]", () => {
    const all = present(LIVE.first, { includes: ["odds"] }).odds!;
    expect(all.some((odd) => odd.is_live === 0)).toBe(true);
    const live = present(LIVE.first, { includes: ["odds"], variant: "livescores" }).odds!;
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((odd) => odd.is_live === 1)).toBe(true);
    const bookmaker = live[0]!.bookmaker_id;
    const narrowed = present(LIVE.first, { includes: ["odds"], variant: "livescores", filters: { odds: { bookmakers: [bookmaker] } } }).odds!;
    expect(narrowed.length).toBeGreaterThan(0);
    expect(narrowed.length).toBeLessThan(live.length);
    expect(narrowed.every((odd) => odd.bookmaker_id === bookmaker && odd.is_live === 1)).toBe(true);
  });

  describe("trends", () => {
    it("returns the 18 default types for both teams without a filter", () => {
      const trends = present(FORM.target, { includes: ["trends"] }).trends!;
      expect(new Set(trends.map((t) => t.type_id))).toEqual(
        new Set([15, 14, 53, 22, 12, 11, 27, 28, 25, 13, 9, 10, 20, 19, 16, 23, 117, 118]),
      );
      expect(new Set(trends.map((t) => t.team_id))).toEqual(new Set([11, 12]));
      expect(Object.keys(trends[0]!)).toEqual(["team_id", "period_id", "minute", "type_id", "developer_name", "value"]);
    });

    it("selects by developer_names, which wins over types", () => {
      const both = present(FORM.target, { includes: ["trends"], filters: { trends: { developer_names: ["CORNERS"], types: [15] } } });
      expect(new Set(both.trends!.map((t) => t.developer_name))).toEqual(new Set(["CORNERS"]));
      const types = present(FORM.target, { includes: ["trends"], filters: { trends: { types: [15] } } });
      expect(new Set(types.trends!.map((t) => t.developer_name))).toEqual(new Set(["GOALS"]));
    });

    it("counts minutes globally: 2nd half from 45, extra time from 90 and 105, period_id telling repeated minutes apart", () => {
      const view = present(EXTRA_TIME, { includes: ["trends"], filters: { trends: { types: [15] } } });
      const periods = view.periods.filter((p) => p.developer_name !== "PENALTIES");
      const home = view.trends!.filter((t) => t.team_id === 13);
      const firstMinute = (periodId: number) => Math.min(...home.filter((t) => t.period_id === periodId).map((t) => t.minute));
      const lastMinute = (periodId: number) => Math.max(...home.filter((t) => t.period_id === periodId).map((t) => t.minute));
      expect(periods.map((p) => firstMinute(p.period_id))).toEqual([1, 45, 90, 105]);
      expect(lastMinute(periods[0]!.period_id)).toBeGreaterThanOrEqual(45);
      expect(lastMinute(periods[2]!.period_id)).toBeGreaterThanOrEqual(105);
      const minute45 = home.filter((t) => t.minute === 45).map((t) => t.period_id);
      expect(minute45).toEqual([periods[0]!.period_id, periods[1]!.period_id]);
    });

    it("keeps values cumulative across periods, ending at the goals scored", () => {
      const view = present(EXTRA_TIME, { includes: ["trends"], filters: { trends: { developer_names: ["GOALS"] } } });
      for (const team of [13, 14]) {
        const values = view.trends!.filter((t) => t.team_id === team).map((t) => t.value);
        expect(values).toEqual([...values].sort((a, b) => a - b));
        const current = view.scores.find((s) => s.team_id === team && s.developer_name === "CURRENT")!.value;
        expect(values.at(-1)).toBe(current);
      }
    });

    it("gives a fixture that has not started an empty list", () => {
      expect(present(LIVE.upcoming, { includes: ["trends"] }).trends).toEqual([]);
    });
  });

  describe("last_fixtures", () => {
    it("presents the given previous matches with complete statistics and metrics, whatever the outer filters say", () => {
      const previous = doc(FORM.homeOfHome.at(-1)!);
      const view = present(FORM.target, {
        includes: ["last_fixtures", "statistics"],
        filters: { statistics: { types: [34] }, metrics: { types: [105] } },
        lastFixtures: { home: [previous], away: [] },
      });
      expect(new Set(view.statistics!.map((s) => s.type_id))).toEqual(new Set([34]));
      // The last key, so the presented-JSON cache can splice it after a fixture's own JSON.
      expect(Object.keys(view).at(-1)).toBe("last_fixtures");
      const entry = view.last_fixtures!.home[0]!;
      expect(entry.id).toBe(previous.id);
      expect(Object.keys(entry)).toEqual([...FIXTURE_KEYS, "statistics", "metrics"]);
      expect(entry.statistics).toHaveLength(previous.statistics.length);
      expect(entry.metrics).toHaveLength(previous.metrics.length);
      expect(view.last_fixtures!.away).toEqual([]);
    });

    it("shows empty lists when no previous matches were given", () => {
      expect(present(FORM.target, { includes: ["last_fixtures"] }).last_fixtures).toEqual({ home: [], away: [] });
    });
  });
});
