import { parse } from "node:querystring";
import { describe, expect, it } from "vitest";
import { badRequest } from "../../support/bad-request.js";
import { parseFilters, parseOrder, parseWhere, type FilterKind } from "../../../src/http/bracket-params.js";
import { UNMATCHABLE_ID } from "../../../src/http/id-params.js";

/** The query object Koa hands over (`ctx.query` is node:querystring's parse). */
const q = (search: string) => parse(search);

describe("parseWhere", () => {
  it("reads min:max with LEAGUE as the default location", () => {
    expect(parseWhere(q("where[CORNERS]=8:12"))).toEqual([{ name: "CORNERS", min: 8, max: 12, location: "LEAGUE" }]);
  });

  it("reads HOME, AWAY and LEAGUE in any case", () => {
    const conditions = parseWhere(q("where[GOALS]=1:2:home&where[CORNERS]=0:3:Away&where[ATTACKS]=5:9:LEAGUE"));
    expect(conditions.map((c) => c.location)).toEqual(["HOME", "AWAY", "LEAGUE"]);
  });

  it("accepts negative integers and min equal to max", () => {
    expect(parseWhere(q("where[SMART_MONEY_HOME_ODDS_DROP]=-500:-500"))).toEqual([
      { name: "SMART_MONEY_HOME_ODDS_DROP", min: -500, max: -500, location: "LEAGUE" },
    ]);
  });

  it("keeps a repeated name as separate conditions, in query order", () => {
    const conditions = parseWhere(q("where[CORNERS]=1:5:HOME&where[CORNERS]=2:6:AWAY&where[CORNERS]=3:7"));
    expect(conditions).toEqual([
      { name: "CORNERS", min: 1, max: 5, location: "HOME" },
      { name: "CORNERS", min: 2, max: 6, location: "AWAY" },
      { name: "CORNERS", min: 3, max: 7, location: "LEAGUE" },
    ]);
  });

  it("ignores parameters of other families and plain parameters", () => {
    expect(parseWhere(q("window=24&order[CORNERS]=ASC&filter[odds]=is_live:1&where=1:2&wherex[CORNERS]=1:2"))).toEqual([]);
  });

  it("rejects a missing or non-integer min or max", () => {
    for (const value of ["", "5", "a:5", "5:b", "1.5:3", "1:", ":3", " 1:3", "1e3:5000"]) {
      const message = badRequest(() => parseWhere(q(`where[CORNERS]=${encodeURIComponent(value)}`)));
      expect(message, value).toMatch(/^where\[CORNERS\] (must be min:max|min and max must both be integers)/);
    }
  });

  it("rejects a fourth part and an unknown location", () => {
    expect(badRequest(() => parseWhere(q("where[CORNERS]=1:2:HOME:x")))).toBe(
      "where[CORNERS] must be min:max or min:max:location, for example 2:5:HOME",
    );
    expect(badRequest(() => parseWhere(q("where[CORNERS]=1:2:TEAM")))).toBe(
      "where[CORNERS] location must be HOME, AWAY or LEAGUE",
    );
    expect(badRequest(() => parseWhere(q("where[CORNERS]=1:2:")))).toBe("where[CORNERS] location must be HOME, AWAY or LEAGUE");
  });

  it("rejects min greater than max", () => {
    expect(badRequest(() => parseWhere(q("where[CORNERS]=5:4")))).toBe("where[CORNERS] min must not be greater than max");
  });

  it("rejects names /types does not list, and accepts every name it lists (trends and standings too)", () => {
    expect(badRequest(() => parseWhere(q("where[NOPE]=1:2")))).toBe("Unknown developer_name: NOPE");
    expect(badRequest(() => parseWhere(q("where[corners]=1:2")))).toBe("Unknown developer_name: corners");
    expect(parseWhere(q("where[PRESSURE_INDEX]=1:2&where[OVERALL_WON]=1:2")).map((condition) => condition.name)).toEqual([
      "PRESSURE_INDEX",
      "OVERALL_WON",
    ]);
    expect(badRequest(() => parseWhere(q("where[]=1:2")))).toBe("where[] needs a developer_name, for example where[CORNERS]");
  });

  it("accepts ten conditions and rejects eleven, counting repeats of one name", () => {
    const ten = Array.from({ length: 10 }, (_, i) => `where[CORNERS]=${i}:${i + 1}`).join("&");
    expect(parseWhere(q(ten))).toHaveLength(10);
    expect(badRequest(() => parseWhere(q(`${ten}&where[GOALS]=0:1`)))).toBe("At most 10 where filters are allowed");
  });
});

describe("parseOrder", () => {
  it("is null without an order parameter", () => {
    expect(parseOrder(q("where[CORNERS]=1:2&order=asc"))).toBeNull();
  });

  it("reads ASC and DESC in any case, with LEAGUE as the default location", () => {
    expect(parseOrder(q("order[CORNERS]=DESC"))).toEqual({ name: "CORNERS", direction: "desc", location: "LEAGUE" });
    expect(parseOrder(q("order[CORNERS]=asc:home"))).toEqual({ name: "CORNERS", direction: "asc", location: "HOME" });
  });

  it("applies only the first order parameter and ignores later ones, even invalid ones", () => {
    expect(parseOrder(q("order[GOALS]=ASC:AWAY&order[CORNERS]=DESC&order[NOPE]=sideways"))).toEqual({
      name: "GOALS",
      direction: "asc",
      location: "AWAY",
    });
    expect(parseOrder(q("order[GOALS]=DESC&order[GOALS]=ASC"))?.direction).toBe("desc");
  });

  it("requires the direction and rejects anything else", () => {
    const rule = "order[CORNERS] must be ASC or DESC, optionally followed by :HOME, :AWAY or :LEAGUE";
    for (const value of ["", "HOME", "UP", "ASC:HOME:x"]) expect(badRequest(() => parseOrder(q(`order[CORNERS]=${value}`))), value).toBe(rule);
    expect(badRequest(() => parseOrder(q("order[CORNERS]=ASC:TEAM")))).toBe("order[CORNERS] location must be HOME, AWAY or LEAGUE");
  });

  it("rejects an unknown developer_name", () => {
    expect(badRequest(() => parseOrder(q("order[NOPE]=ASC")))).toBe("Unknown developer_name: NOPE");
  });
});

describe("parseFilters", () => {
  const offered: FilterKind[] = ["metrics", "statistics", "odds"];
  const all = new Set(["odds", "statistics", "metrics"]);

  it("reads ';' as AND between keys and ',' as OR inside one, de-duplicating values", () => {
    expect(parseFilters(q("filter[odds]=bookmakers:1,2,2;markets:5;is_live:1;suspend:0,1"), offered, all)).toEqual({
      odds: { bookmakers: [1, 2], markets: [5], is_live: [1], suspend: [0, 1] },
    });
  });

  it("reads metric types and developer_types, and statistic types", () => {
    const filters = parseFilters(
      q("filter[metrics]=types:303,105;developer_types:predictions,league_average&filter[statistics]=types:34"),
      offered,
      all,
    );
    expect(filters).toEqual({
      metrics: { types: [303, 105], developer_types: ["predictions", "league_average"] },
      statistics: { types: [34] },
    });
  });

  it("is empty without filter parameters", () => {
    expect(parseFilters(q("include=odds&where[CORNERS]=1:2"), offered, all)).toEqual({});
  });

  it("needs the matching include", () => {
    expect(badRequest(() => parseFilters(q("filter[metrics]=types:303"), offered, new Set(["odds"])))).toBe(
      "filter[metrics] needs include=metrics",
    );
  });

  it("rejects a kind the endpoint does not offer", () => {
    expect(badRequest(() => parseFilters(q("filter[trends]=types:15"), offered, all))).toBe(
      "Unsupported filter: filter[trends]. Supported: filter[metrics], filter[statistics], filter[odds]",
    );
  });

  it("rejects unknown keys, including names of Object's own members", () => {
    for (const key of ["colour", "constructor", "__proto__", "toString", "hasOwnProperty"]) {
      expect(badRequest(() => parseFilters(q(`filter[odds]=${key}:1`), offered, all)), key).toBe(
        `filter[odds] has an unknown key '${key}'. Keys: bookmakers, markets, is_live, suspend`,
      );
    }
  });

  it("rejects flags other than 0 and 1, and ids that are not positive integers", () => {
    expect(badRequest(() => parseFilters(q("filter[odds]=is_live:2"), offered, all))).toBe(
      "filter[odds] is_live must be 0 or 1, got '2'",
    );
    expect(badRequest(() => parseFilters(q("filter[odds]=suspend:yes"), offered, all))).toBe(
      "filter[odds] suspend must be 0 or 1, got 'yes'",
    );
    expect(badRequest(() => parseFilters(q("filter[odds]=bookmakers:0"), offered, all))).toBe(
      "filter[odds] bookmakers must be positive integer ids, got '0'",
    );
    expect(badRequest(() => parseFilters(q("filter[metrics]=developer_types:odds"), offered, all))).toBe(
      "filter[metrics] developer_types must be from predictions, smart_money, league_average, got 'odds'",
    );
  });

  it("reads ids as every id list does: an id too large to exist selects nothing", () => {
    expect(parseFilters(q("filter[odds]=bookmakers:007,1234567890123456,99999999999999999999"), offered, all)).toEqual({
      odds: { bookmakers: [7, 1234567890123456, UNMATCHABLE_ID] },
    });
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(",");
    expect(badRequest(() => parseFilters(q(`filter[statistics]=types:${many}`), offered, all))).toBe(
      "filter[statistics] types takes at most 100 ids",
    );
  });

  it("rejects a key without values, an empty value and a repeated key", () => {
    const rule = "filter[odds] markets needs a comma-separated list of values";
    expect(badRequest(() => parseFilters(q("filter[odds]=markets"), offered, all))).toBe(rule);
    expect(badRequest(() => parseFilters(q("filter[odds]=markets:"), offered, all))).toBe(rule);
    expect(badRequest(() => parseFilters(q("filter[odds]=markets:1,,2"), offered, all))).toBe(rule);
    expect(badRequest(() => parseFilters(q("filter[odds]=markets:1;markets:2"), offered, all))).toBe(
      "filter[odds] repeats the key markets",
    );
  });

  it("rejects the same filter given twice", () => {
    expect(badRequest(() => parseFilters(q("filter[odds]=markets:1&filter[odds]=markets:2"), offered, all))).toBe(
      "filter[odds] must be given only once",
    );
  });
});
