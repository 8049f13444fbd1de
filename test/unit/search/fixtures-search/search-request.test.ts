import { describe, expect, it } from "vitest";
import {
  fixturesSearchRequest,
  type FixturesSearchInput,
} from "../../../../src/search/fixtures-search/search-request.js";
import { sourceFilter } from "../../../../src/search/fixtures-search/source-filter.js";
import { DEFAULT_LIVE_HOURS } from "../../../../src/config.js";
import { fullPageWindow } from "../../../../src/search/page-window.js";

const now = new Date("2026-11-21T15:30:00.000Z");
const target = { index: "sfd_fixtures", now, liveHours: DEFAULT_LIVE_HOURS };
const base: FixturesSearchInput = { window: 24, where: [], order: null, includes: new Set(), pageWindow: fullPageWindow(1, 25) };

describe("fixturesSearchRequest", () => {
  it("builds the default search: window 24, default statuses, kick-off order, first page of 25", () => {
    const request = fixturesSearchRequest(base, target);
    expect(request).toMatchObject({
      index: "sfd_fixtures",
      from: 0,
      size: 25,
      track_total_hits: false,
      allow_partial_search_results: false,
      sort: [{ date_time: { order: "asc" } }, { id: { order: "asc" } }],
    });
    const filter = request.query?.bool?.filter;
    expect(Array.isArray(filter) && filter).toHaveLength(2);
    expect(JSON.stringify(filter)).toContain('"lte":"2026-11-22T15:30:00.000Z"');
  });

  it("turns page and per_page into from and size", () => {
    expect(fixturesSearchRequest({ ...base, pageWindow: fullPageWindow(3, 50) }, target)).toMatchObject({ from: 100, size: 50 });
  });

  it("puts leagues and every where condition into the same bool filter (AND)", () => {
    const request = fixturesSearchRequest(
      {
        ...base,
        window: "live",
        leagueIds: [8, 564],
        where: [
          { name: "CORNERS", min: 1, max: 9, location: "HOME" },
          { name: "GOALS", min: 0, max: 2, location: "LEAGUE" },
        ],
      },
      target,
    );
    const filter = request.query?.bool?.filter as unknown[];
    expect(filter).toHaveLength(4);
    expect(filter[1]).toEqual({ terms: { "league.id": [8, 564] } });
    expect(filter.slice(2).every((clause) => typeof clause === "object" && clause !== null && "nested" in clause)).toBe(true);
    expect(request.query?.bool && Object.keys(request.query.bool)).toEqual(["filter"]);
  });

  it("uses the order clause with its tie-breaks", () => {
    const request = fixturesSearchRequest({ ...base, order: { name: "CORNERS", direction: "asc", location: "LEAGUE" } }, target);
    expect(request.sort).toHaveLength(3);
  });
});

describe("sourceFilter", () => {
  it("leaves out the packed modules and every include not asked for", () => {
    expect(sourceFilter(new Set())).toEqual({
      excludes: ["fair_odds", "movement", "trends", "simulation", "odds", "statistics", "metrics"],
    });
  });

  it("keeps the included modules", () => {
    expect(sourceFilter(new Set(["odds", "metrics"]))).toEqual({
      excludes: ["fair_odds", "movement", "trends", "simulation", "statistics"],
    });
  });
});
