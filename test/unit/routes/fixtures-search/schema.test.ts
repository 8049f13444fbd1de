import { parse } from "node:querystring";
import { describe, expect, it } from "vitest";
import { badRequest } from "../../../support/bad-request.js";
import { fixturesSearchInput } from "../../../../src/routes/fixtures-search/schema.js";

const input = (search: string) => fixturesSearchInput({ query: parse(search) });

describe("fixturesSearchInput (GET /fixtures/search)", () => {
  it("fills the defaults: window 24, no conditions, page 1 of 25", () => {
    expect(input("")).toEqual({
      language: "en",
      window: 24,
      statuses: undefined,
      leagueIds: undefined,
      where: [],
      order: null,
      filters: {},
      includes: new Set(),
      page: 1,
      perPage: 25,
      pageWindow: { from: 0, size: 25, moreAt: 25 },
    });
  });

  it("yields the typed window, statuses, where and order conditions and filters the builder takes", () => {
    const result = input(
      "window=live&status=HT&league_id=8&include=metrics&where[CORNERS]=1:9:home&where[CORNERS]=2:3" +
        "&order[CORNERS]=desc:AWAY&filter[metrics]=types:303&page=2&per_page=50&language=fr",
    );
    expect(result).toEqual({
      language: "fr",
      window: "live",
      statuses: ["HT"],
      leagueIds: [8],
      where: [
        { name: "CORNERS", min: 1, max: 9, location: "HOME" },
        { name: "CORNERS", min: 2, max: 3, location: "LEAGUE" },
      ],
      order: { name: "CORNERS", direction: "desc", location: "AWAY" },
      filters: { metrics: { types: [303] } },
      includes: new Set(["metrics"]),
      page: 2,
      perPage: 50,
      pageWindow: { from: 50, size: 50, moreAt: 50 },
    });
  });

  it("answers the page-depth rule with the same text as /fixtures, before the bracketed parameters", () => {
    expect(badRequest(() => input("page=201&per_page=50&where[NOPE]=1:2"))).toBe(
      "page and per_page reach beyond the first 10,000 results, which cannot be paged: page x per_page must be at most 10000; narrow the search instead",
    );
    expect(input("page=200&per_page=50").page).toBe(200);
    expect(badRequest(() => input("page=0&per_page=50"))).toBe("page must be an integer of at least 1");
  });

  it("checks language, then where, then order, then filters", () => {
    expect(badRequest(() => input("language=en&lang=de&where[NOPE]=1:2"))).toBe("language and lang must be equal when both are given");
    expect(badRequest(() => input("where[NOPE]=1:2&order[CORNERS]=up"))).toBe("Unknown developer_name: NOPE");
    expect(badRequest(() => input("order[CORNERS]=up&filter[trends]=types:1"))).toBe(
      "order[CORNERS] must be ASC or DESC, optionally followed by :HOME, :AWAY or :LEAGUE",
    );
    expect(badRequest(() => input("filter[trends]=types:1"))).toBe(
      "Unsupported filter: filter[trends]. Supported: filter[metrics], filter[statistics], filter[odds]",
    );
  });
});
