import { parse } from "node:querystring";
import { describe, expect, it } from "vitest";
import { livescoresInput } from "../../../../src/routes/livescores/schema.js";

const input = (search: string) => livescoresInput({ query: parse(search) });

describe("livescoresInput (GET /livescores)", () => {
  it("fills the defaults", () => {
    expect(input("")).toEqual({ language: "en", includes: new Set(), filters: {}, sportId: 1, leagueIds: undefined });
  });

  it("yields the typed selectors and filters", () => {
    expect(input("sport_id=3&league_id=8,8,564&include=odds&filter[odds]=is_live:1&lang=nl")).toEqual({
      language: "nl",
      includes: new Set(["odds"]),
      filters: { odds: { is_live: [1] } },
      sportId: 3,
      leagueIds: [8, 564],
    });
  });

  it("offers no trends filter", () => {
    expect(() => input("filter[trends]=types:1")).toThrow(
      "Unsupported filter: filter[trends]. Supported: filter[metrics], filter[statistics], filter[odds]",
    );
  });
});
