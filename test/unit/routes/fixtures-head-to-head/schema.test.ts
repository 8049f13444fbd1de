import { parse } from "node:querystring";
import { describe, expect, it } from "vitest";
import { badRequest } from "../../../support/bad-request.js";
import { fixturesHeadToHeadInput, TEAM_IDS_RULE } from "../../../../src/routes/fixtures-head-to-head/schema.js";

const input = (search: string) => fixturesHeadToHeadInput({ query: parse(search) });
const refused = (search: string) => badRequest(() => input(search));

describe("fixturesHeadToHeadInput (GET /fixtures/head-to-head)", () => {
  it("takes the two teams in the order given, 10 meetings, no modules, English by default", () => {
    expect(input("team_ids=564,8")).toEqual({ teamIds: [564, 8], limit: 10, includes: new Set(), language: "en", filters: {} });
  });

  it("reads limit, include, filter[...] and language as /fixtures does, spaces around the comma allowed", () => {
    const read = input("team_ids=8 , 564&limit=50&include=odds,trends&filter[odds]=bookmakers:2&filter[trends]=types:15&lang=de");
    expect(read).toMatchObject({ teamIds: [8, 564], limit: 50, language: "de" });
    expect([...read.includes]).toEqual(["odds", "trends"]);
    expect(read.filters).toEqual({ odds: { bookmakers: [2] }, trends: { types: [15] } });
  });

  it("requires exactly two different positive integer team ids, naming the parameter and the rule", () => {
    expect(TEAM_IDS_RULE).toMatch(/^team_ids must be two different positive integer team ids/);
    for (const bad of ["", "team_ids=", "team_ids=8", "team_ids=8,564,9", "team_ids=8,8", "team_ids=8,008", "team_ids=0,8", "team_ids=-1,8", "team_ids=a,8", "team_ids=8,", "team_ids=1.5,8"]) {
      expect(refused(bad), bad).toBe(TEAM_IDS_RULE);
    }
    expect(refused("team_ids=8,564&team_ids=1,2")).toBe("team_ids must be given only once");
  });

  it("bounds limit from 1 to 50", () => {
    expect(refused("team_ids=8,564&limit=0")).toBe("limit must be an integer from 1 to 50");
    expect(refused("team_ids=8,564&limit=51")).toBe("limit must be an integer from 1 to 50");
    expect(refused("team_ids=8,564&limit=x")).toBe("limit must be an integer from 1 to 50");
  });

  it("offers every module of /fixtures but last_fixtures, and each filter only with its include", () => {
    expect(refused("team_ids=8,564&include=last_fixtures")).toBe(
      "Unsupported include(s): last_fixtures. Supported: odds, statistics, metrics, fair_odds, movement, trends",
    );
    expect(refused("team_ids=8,564&filter[odds]=bookmakers:2")).toBe("filter[odds] needs include=odds");
    expect(refused("team_ids=8,564&language=english")).toMatch(/^language must be a two-letter lowercase ISO 639-1 language code/);
  });
});
