import { describe, expect, it } from "vitest";
import { requestClass } from "../../../src/rate-limit/request-class.js";

const NOW = Date.parse("2026-11-28T12:00:00Z");

describe("requestClass", () => {
  it("puts both backtests in the expensive lane, scoped by leagues and the range's length", () => {
    expect(requestClass("/fixtures/backtest", { start_date: "2000-01-01" }, NOW)).toEqual({
      lane: "expensive",
      scope: "/fixtures/backtest leagues=all days<=16384",
    });
    expect(requestClass("/fixtures/backtest", {}, NOW).scope).toBe("/fixtures/backtest leagues=all days<=512");
    expect(requestClass("/fixtures/backtest/in-play", { league_id: "1,2", start_date: "2026-11-01", end_date: "2026-11-10" }, NOW)).toEqual({
      lane: "expensive",
      scope: "/fixtures/backtest/in-play leagues=2 days<=16",
    });
  });

  it("puts fixture pages with last_fixtures or trends in the expensive lane, scoped by page size", () => {
    expect(requestClass("/fixtures", { include: "statistics,trends,last_fixtures", per_page: "50" })).toEqual({
      lane: "expensive",
      scope: "/fixtures last_fixtures+trends size<=50",
    });
    expect(requestClass("/fixtures", { include: "trends", fixture_id: "1,2,3" }).scope).toBe("/fixtures trends size<=10");
    expect(requestClass("/fixtures", { include: "statistics,odds" }).lane).toBe("ordinary");
  });

  it("puts entity search over fixtures in the expensive lane, and over teams and leagues not", () => {
    expect(requestClass("/search", { q: "ars", types: "team,fixture" }).lane).toBe("expensive");
    expect(requestClass("/search", { q: "ars", types: "team,league" }).lane).toBe("ordinary");
  });

  it("leaves everything else ordinary, unreadable parameters included", () => {
    for (const path of ["/fixtures/search", "/livescores", "/standings", "/types", "/fixtures/head-to-head"]) {
      expect(requestClass(path, { include: "trends" }).lane).toBe("ordinary");
    }
    expect(requestClass("/fixtures/backtest", { start_date: "yesterday", end_date: ["x", "y"] }, NOW).scope).toBe("/fixtures/backtest leagues=all days<=512");
  });
});
