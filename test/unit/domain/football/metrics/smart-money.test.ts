import { describe, expect, it } from "vitest";
import type { Movement } from "../../../../../src/domain/fixture-parts.js";
import { marketView, smartMoneyMetrics } from "../../../../../src/domain/football/metrics/smart-money.js";
import { matchProbabilities } from "../../../../../src/domain/football/model/poisson.js";
import { priceFixture } from "../../../../../src/domain/football/odds/price-fixture.js";
import { Random } from "../../../../../src/domain/football/random.js";

const KICKOFF = 1_750_000_000;

function priced(seed: string, expectedGoals = { home: 1.5, away: 1.1 }) {
  const probabilities = matchProbabilities(expectedGoals);
  const { odds, movement } = priceFixture({ seed, fixtureId: 9, kickoffUnix: KICKOFF, nowUnix: KICKOFF + 7200, probabilities, expectedGoals, state: "pre" });
  return { probabilities, odds, movement };
}

const value = (entries: ReturnType<typeof smartMoneyMetrics>, name: string) => entries.find((e) => e.developer_name === name)?.value ?? NaN;

describe("smartMoneyMetrics", () => {
  it("gives the six match-level smart-money types, deterministic per random seed", () => {
    const input = priced("odds:sm");
    const entries = smartMoneyMetrics(input, new Random("sm:1"));
    expect(entries.map((e) => e.type_id)).toEqual([200, 201, 202, 203, 204, 205]);
    for (const entry of entries) {
      expect(entry).toMatchObject({ team_id: 0, location: "league", group: "smart_money" });
      expect(Number.isInteger(entry.value)).toBe(true);
    }
    expect(value(entries, "SMART_MONEY_HOME_PERCENT") + value(entries, "SMART_MONEY_DRAW_PERCENT") + value(entries, "SMART_MONEY_AWAY_PERCENT")).toBe(100);
    expect(value(entries, "SMART_MONEY_OVER_2_5_PERCENT")).toBeGreaterThanOrEqual(2);
    expect(value(entries, "SMART_MONEY_OVER_2_5_PERCENT")).toBeLessThanOrEqual(98);
    expect(smartMoneyMetrics(input, new Random("sm:1"))).toEqual(entries);
  });

  it("measures the price drop since opening in percent x100, averaged over bookmakers", () => {
    const history = (values: number[]) => values.map((v, i) => ({ value: v, timestamp: KICKOFF - 1000 + i }));
    const movement: Movement[] = [
      { odd_id: 1, bookmaker_id: 1, market_id: 1, label_id: 1, history: history([2.0, 1.9, 1.8]) },
      { odd_id: 2, bookmaker_id: 2, market_id: 1, label_id: 1, history: history([2.0, 1.9]) },
      { odd_id: 3, bookmaker_id: 1, market_id: 1, label_id: 3, history: history([3.0, 3.3]) },
      { odd_id: 4, bookmaker_id: 1, market_id: 2, label_id: 4, history: history([3.0, 1.5]) },
    ];
    const entries = smartMoneyMetrics({ probabilities: matchProbabilities({ home: 1.4, away: 1.2 }), odds: [], movement }, new Random("x"));
    expect(value(entries, "SMART_MONEY_HOME_ODDS_DROP")).toBe(750);
    expect(value(entries, "SMART_MONEY_AWAY_ODDS_DROP")).toBe(-1000);
  });

  it("reads the market's margin-free probabilities from the bookmakers' pre-match prices", () => {
    const { odds, probabilities } = priced("odds:view");
    const view = marketView(odds, 1, [1, 2, 3], 0) ?? [];
    expect(view.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    expect(Math.abs((view[0] ?? 0) - probabilities.fullTime.home)).toBeLessThan(0.1);
    expect(marketView([], 1, [1, 2, 3], 0)).toBeUndefined();
  });

  it("puts more smart money on the home win where the model rates it above the market", () => {
    let correlated = 0;
    for (let i = 0; i < 50; i++) {
      const input = priced(`odds:edge:${i}`);
      const market = marketView(input.odds, 1, [1, 2, 3], 0) ?? [];
      const keen = matchProbabilities({ home: 1.9, away: 0.8 });
      const baseline = value(smartMoneyMetrics(input, new Random(`sm:${i}`)), "SMART_MONEY_HOME_PERCENT");
      const backed = value(smartMoneyMetrics({ ...input, probabilities: keen }, new Random(`sm:${i}`)), "SMART_MONEY_HOME_PERCENT");
      expect(keen.fullTime.home).toBeGreaterThan(market[0] ?? 1);
      if (backed > baseline) correlated++;
    }
    expect(correlated).toBe(50);
  });
});
