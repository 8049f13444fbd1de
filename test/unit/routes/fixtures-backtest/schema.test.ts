import { parse } from "node:querystring";
import { describe, expect, it } from "vitest";
import { badRequest } from "../../../support/bad-request.js";
import { fixturesBacktestInput } from "../../../../src/routes/fixtures-backtest/schema.js";

const NOW = new Date("2026-11-28T10:00:00Z");
const input = (search: string) => fixturesBacktestInput({ query: parse(search) }, NOW);
const refused = (search: string) => badRequest(() => input(search));

describe("fixturesBacktestInput (GET /fixtures/backtest)", () => {
  it("backs the best price over the last 365 days (today included) by default", () => {
    expect(input("market_id=1&label_id=1")).toEqual({
      leagueIds: undefined,
      where: [],
      start: new Date("2025-11-29T00:00:00Z"),
      end: new Date("2026-11-29T00:00:00Z"),
      selectionKey: "1_1_0",
      price: "best",
    });
  });

  it("reads the where grammar of /fixtures/search, the leagues, the days, the line and the bookmaker", () => {
    expect(
      input("market_id=2&label_id=4&line=2.5&bookmaker_id=3&league_id=8,9&start_date=2024-08-01&end_date=2025-05-31&where[HOME_GOALS_SCORED]=1500:3000:home"),
    ).toEqual({
      leagueIds: [8, 9],
      where: [{ name: "HOME_GOALS_SCORED", min: 1500, max: 3000, location: "HOME" }],
      start: new Date("2024-08-01T00:00:00Z"),
      end: new Date("2025-06-01T00:00:00Z"),
      selectionKey: "2_4_25",
      price: "b3",
    });
  });

  it("refuses a statistic in where: it is known only in play", () => {
    expect(refused("market_id=1&label_id=1&where[CORNERS]=1:5")).toMatch(/^where\[CORNERS\]: CORNERS is a statistic, known only in play/);
  });

  it("refuses names that are no pre-match metric, and where's own rules as /fixtures/search words them", () => {
    expect(refused("market_id=1&label_id=1&where[NOPE]=1:5")).toBe("Unknown developer_name: NOPE");
    expect(refused("market_id=1&label_id=1&where[HOME_GOALS_SCORED]=5:1")).toBe("where[HOME_GOALS_SCORED] min must not be greater than max");
  });

  it("names the parameter and the rule for every bad bet", () => {
    expect(refused("label_id=1")).toMatch(/^market_id is required/);
    expect(refused("market_id=9&label_id=1")).toMatch(/^market_id must be one of 1 \(Fulltime Result\)/);
    expect(refused("market_id=x&label_id=1")).toBe("market_id must be an integer of at least 1");
    expect(refused("market_id=1")).toMatch(/^label_id is required: the selection to back, for market_id 1 one of 1 \(Home\), 2 \(Draw\), 3 \(Away\)/);
    expect(refused("market_id=1&label_id=4")).toMatch(/^label_id must be a label of market_id 1/);
    expect(refused("market_id=2&label_id=4")).toMatch(/^line is required for market_id 2 \(Over\/Under\): one of 1.5, 2.5, 3.5/);
    expect(refused("market_id=2&label_id=4&line=2")).toBe("line must be one of 1.5, 2.5, 3.5");
    expect(refused("market_id=1&label_id=1&line=2.5")).toBe("line applies only to market_id 2 (Over/Under)");
    expect(refused("market_id=1&label_id=1&bookmaker_id=6")).toBe("bookmaker_id must be an integer from 1 to 5");
    expect(refused("market_id=1&label_id=1&market_id=2")).toBe("market_id must be given only once");
  });

  it("names the parameter and the rule for every bad date", () => {
    expect(refused("market_id=1&label_id=1&start_date=2025-13-01")).toBe("start_date is not a valid date: 2025-13-01");
    expect(refused("market_id=1&label_id=1&end_date=2025-01-01T00:00Z")).toBe("end_date must be a date in the form YYYY-MM-DD");
    expect(refused("market_id=1&label_id=1&end_date=2026-11-29")).toMatch(/^end_date must not be after today \(2026-11-28 UTC\)/);
    expect(refused("market_id=1&label_id=1&start_date=2025-02-01&end_date=2025-01-31")).toBe("start_date must not be after end_date");
  });

  it("refuses a malformed league_id as /fixtures/search does", () => {
    expect(refused("market_id=1&label_id=1&league_id=a")).toMatch(/^league_id must be a comma-separated list/);
  });
});
