import { describe, expect, it } from "vitest";
import { buildFixturesSearch } from "../../../../src/search/fixture-list/fixtures-query.js";
import { buildLastFixturesSearches } from "../../../../src/search/fixture-list/last-fixtures-query.js";
import { buildLivescoresSearch } from "../../../../src/search/fixture-list/livescores-query.js";
import { lookAheadWindow } from "../../../../src/search/page-window.js";

const BASE_SOURCE = ["id", "sport", "date_time", "status", "is_live", "country", "league", "season", "stage", "group", "participants", "names", "scores", "periods", "updated_at"];

describe("buildFixturesSearch", () => {
  it("lists every fixture of the sport by date_time then id, one hit beyond the page, base fields only", () => {
    expect(
      buildFixturesSearch({ index: "f", selection: { sportId: 1 }, order: "asc", window: lookAheadWindow(1, 25), includes: new Set() }),
    ).toEqual({
      index: "f",
      query: { bool: { filter: [{ term: { "sport.id": 1 } }] } },
      allow_partial_search_results: false,
      sort: [{ date_time: { order: "asc" } }, { id: { order: "asc" } }],
      from: 0,
      size: 26,
      track_total_hits: false,
      seq_no_primary_term: true,
      _source: { includes: BASE_SOURCE },
    });
  });

  it("turns every selector into an exact filter and flips both sort keys for desc", () => {
    const body = buildFixturesSearch({
      index: "f",
      selection: {
        sportId: 1,
        leagueIds: [8, 564],
        fixtureIds: [42],
        seasonId: 7,
        statuses: ["FT", "NOT_STARTED"],
        dates: { from: new Date("2026-11-01T00:00:00Z"), to: new Date("2026-11-02T00:00:00Z"), toInclusive: false },
      },
      order: "desc",
      window: lookAheadWindow(2, 10),
      includes: new Set(),
    });
    expect(body.query).toEqual({
      bool: {
        filter: [
          { term: { "sport.id": 1 } },
          { terms: { "league.id": [8, 564] } },
          { terms: { id: [42] } },
          { term: { "season.id": 7 } },
          { terms: { status: ["FT", "NOT_STARTED"] } },
          { range: { date_time: { gte: "2026-11-01T00:00:00.000Z", lt: "2026-11-02T00:00:00.000Z", format: "strict_date_optional_time" } } },
        ],
      },
    });
    expect(body.sort).toEqual([{ date_time: { order: "desc" } }, { id: { order: "desc" } }]);
    expect([body.from, body.size]).toEqual([10, 11]);
  });

  it("includes the end of an explicit range", () => {
    const body = buildFixturesSearch({
      index: "f",
      selection: { sportId: 1, dates: { from: new Date("2026-11-01T00:00:00Z"), to: new Date("2026-11-03T12:00:00Z"), toInclusive: true } },
      order: "asc",
      window: lookAheadWindow(1, 25),
      includes: new Set(),
    });
    expect(body.query?.bool?.filter).toContainEqual({
      range: { date_time: { gte: "2026-11-01T00:00:00.000Z", lte: "2026-11-03T12:00:00.000Z", format: "strict_date_optional_time" } },
    });
  });

  it("reads only the requested modules from _source", () => {
    const body = buildFixturesSearch({
      index: "f",
      selection: { sportId: 1 },
      order: "asc",
      window: lookAheadWindow(1, 25),
      includes: new Set(["odds", "trends", "last_fixtures"]),
    });
    expect(body._source).toEqual({ includes: [...BASE_SOURCE, "odds", "trends"] });
  });
});

describe("buildLastFixturesSearches", () => {
  it("asks, per fixture, for the home team's home and the away team's away matches strictly before kick-off, newest first", () => {
    const request = buildLastFixturesSearches("f", [
      { dateTime: "2025-04-01T19:00:00.000Z", homeTeamId: 11, awayTeamId: 12 },
      { dateTime: "2025-04-02T19:00:00.000Z", homeTeamId: 13, awayTeamId: 14 },
    ]);
    const header = { index: "f", allow_partial_search_results: false };
    const body = (field: string, team: number, before: string) => ({
      query: {
        bool: {
          filter: [{ term: { [field]: team } }, { range: { date_time: { lt: before } } }],
          must_not: [{ terms: { status: ["NOT_STARTED", "POSTPONED", "CANCELLED"] } }],
        },
      },
      sort: [{ date_time: { order: "desc" } }, { id: { order: "desc" } }],
      size: 10,
      track_total_hits: false,
      seq_no_primary_term: true,
      _source: { includes: [...BASE_SOURCE, "statistics", "metrics"] },
    });
    expect(request).toEqual({
      searches: [
        header, body("home_team_id", 11, "2025-04-01T19:00:00.000Z"),
        header, body("away_team_id", 12, "2025-04-01T19:00:00.000Z"),
        header, body("home_team_id", 13, "2025-04-02T19:00:00.000Z"),
        header, body("away_team_id", 14, "2025-04-02T19:00:00.000Z"),
      ],
    });
  });
});

describe("buildLivescoresSearch", () => {
  it("selects every in-play status without paging, by kick-off then id", () => {
    expect(buildLivescoresSearch({ index: "f", sportId: 1, leagueIds: [8], includes: new Set(["odds"]) })).toEqual({
      index: "f",
      query: {
        bool: {
          filter: [
            { terms: { status: ["INPLAY_1ST_HALF", "INPLAY_2ND_HALF", "INPLAY_ET", "INPLAY_PENALTIES", "HT", "EXTRA_TIME_BREAK", "PEN_BREAK"] } },
            { term: { "sport.id": 1 } },
            { terms: { "league.id": [8] } },
          ],
        },
      },
      allow_partial_search_results: false,
      sort: [{ date_time: { order: "asc" } }, { id: { order: "asc" } }],
      size: 10_000,
      track_total_hits: false,
      seq_no_primary_term: true,
      _source: { includes: [...BASE_SOURCE, "odds"] },
    });
  });
});
