import { describe, expect, it } from "vitest";
import { effectiveLocation, whereClauses } from "../../../../src/search/fixtures-search/where-clauses.js";

describe("effectiveLocation", () => {
  it("maps HOME, AWAY and LEAGUE to the stored lowercase locations", () => {
    expect(["HOME", "AWAY", "LEAGUE"].map((l) => effectiveLocation(l as "HOME"))).toEqual(["home", "away", "league"]);
  });
});

describe("whereClauses", () => {
  it("is empty without conditions", () => {
    expect(whereClauses([])).toEqual([]);
  });

  it("matches name, location and an inclusive range inside one effective entry", () => {
    expect(whereClauses([{ name: "CORNERS", min: 8, max: 12, location: "HOME" }])).toEqual([
      {
        nested: {
          path: "effective",
          score_mode: "none",
          query: {
            bool: {
              filter: [
                { term: { "effective.name": "CORNERS" } },
                { term: { "effective.location": "home" } },
                { range: { "effective.value": { gte: 8, lte: 12 } } },
              ],
            },
          },
        },
      },
    ]);
  });

  it("gives each condition its own nested query, so one name at two locations is two conditions", () => {
    const clauses = whereClauses([
      { name: "GOALS", min: 1, max: 3, location: "HOME" },
      { name: "GOALS", min: 0, max: 0, location: "AWAY" },
    ]);
    expect(clauses).toHaveLength(2);
    expect(JSON.stringify(clauses[0])).toContain('"effective.location":"home"');
    expect(JSON.stringify(clauses[1])).toContain('"effective.location":"away"');
    expect(JSON.stringify(clauses[1])).toContain('{"gte":0,"lte":0}');
  });
});
