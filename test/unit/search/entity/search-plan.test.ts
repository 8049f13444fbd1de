import { describe, expect, it } from "vitest";
import { entitySearchPlan } from "../../../../src/search/entity/search-plan.js";
import { indexNames } from "../../../../src/store/index-names.js";

const indices = indexNames("t");
const now = new Date("2026-11-21T12:00:00.000Z");

describe("entitySearchPlan", () => {
  it("sends one search per requested type, plus the live count per league with leagues", () => {
    const plan = entitySearchPlan({ q: "arsenal", types: ["team", "league", "fixture", "country"], limit: 5, now }, indices);
    expect(plan.steps).toEqual(["team", "league", "live", "fixture", "country"]);
    const headers = plan.searches.filter((_, index) => index % 2 === 0);
    expect(headers).toEqual([
      { index: "t_teams", allow_partial_search_results: false },
      { index: "t_leagues", allow_partial_search_results: false },
      // The live count reads the live part; fixture candidates come from the live part and history.
      { index: "t_fixtures", allow_partial_search_results: false },
      { index: "t_fixtures_all", allow_partial_search_results: false },
      { index: "t_countries", allow_partial_search_results: false },
    ]);
    expect(entitySearchPlan({ q: "arsenal", types: ["team"], limit: 5, now }, indices).steps).toEqual(["team"]);
  });

  it("decides equal scores at the candidates' cut by id (fixtures by kick-off first), never by index order", () => {
    const plan = entitySearchPlan({ q: "arsenal", types: ["team", "league", "fixture", "country"], limit: 5, now }, indices);
    const sorts = plan.steps.map((step, index) => [step, (plan.searches[2 * index + 1] as { sort?: unknown }).sort]);
    expect(sorts).toEqual([
      ["team", ["_score", { id: "asc" }]],
      ["league", ["_score", { id: "asc" }]],
      ["live", undefined],
      ["fixture", ["_score", { date_time: "asc" }, { id: "asc" }]],
      ["country", ["_score", { id: "asc" }]],
    ]);
  });

  it("limits fixtures to 6 hours back, 7 days ahead and level-1 leagues, and reads each side's names as doc values", () => {
    const plan = entitySearchPlan({ q: "arsenal v chelsea", types: ["fixture"], limit: 5, now }, indices);
    const body = plan.searches[1] as { query: { bool: { filter: unknown[] } }; docvalue_fields: string[]; _source: string[] };
    expect(body.query.bool.filter).toEqual([
      { range: { date_time: { gte: "2026-11-21T06:00:00.000Z", lte: "2026-11-28T12:00:00.000Z" } } },
      { term: { "league.level": 1 } },
    ]);
    expect(body.docvalue_fields).toEqual(["search.home", "search.away"]);
    expect(body._source).not.toContain("odds");
  });

  it("looks the folded query up as an exact name, and a short one-word query as a code", () => {
    const plan = entitySearchPlan({ q: "PSG", types: ["team"], limit: 5, now }, indices);
    const should = (plan.searches[1] as { query: { function_score: { query: { bool: { should: unknown[] } } } } }).query.function_score.query.bool.should;
    expect(should).toEqual(
      expect.arrayContaining([
        { constant_score: { filter: { term: { "search.names": "psg" } }, boost: 100 } },
        { constant_score: { filter: { term: { short_code: "PSG" } }, boost: 50 } },
      ]),
    );
  });

  it("adds a team's prominence to the order of its candidates, and fetches 25 teams", () => {
    const plan = entitySearchPlan({ q: "spor", types: ["team", "league"], limit: 5, now }, indices);
    const team = plan.searches[1] as { size: number; query: { function_score?: { functions: unknown[]; boost_mode: string } } };
    expect(team.size).toBe(25);
    expect(team.query.function_score?.functions).toEqual([{ field_value_factor: { field: "search.prior", factor: 4, missing: 0 } }]);
    expect(team.query.function_score?.boost_mode).toBe("sum");
    const league = plan.searches[3] as { query: { function_score?: unknown } };
    expect(league.query.function_score).toBeUndefined();
  });
});
