import { describe, expect, it } from "vitest";
import { averageOdds, fairOdds, hitRate, roi, units } from "../../../../src/domain/backtest/figures.js";

describe("backtest figures", () => {
  it("turns thousandths into units exactly", () => {
    expect(units(-1000)).toBe(-1);
    expect(units(12345)).toBe(12.345);
    expect(units(0)).toBe(0);
  });

  it("hit_rate is won / (won + lost), null with no decided bet (void bets do not count)", () => {
    expect(hitRate(1, 2)).toBe(0.3333);
    expect(hitRate(0, 0)).toBeNull();
    expect(hitRate(0, 3)).toBe(0);
  });

  it("fair_odds is 1 / hit_rate from the counts, null when nothing won", () => {
    expect(fairOdds(1, 2)).toBe(3);
    expect(fairOdds(2, 1)).toBe(1.5);
    expect(fairOdds(0, 4)).toBeNull();
  });

  it("roi is profit per bet and average_odds the mean price, null without bets", () => {
    expect(roi(-2500, 4)).toBe(-0.625);
    expect(roi(0, 0)).toBeNull();
    expect(averageOdds(210 + 195 + 330, 3)).toBe(2.45);
    expect(averageOdds(0, 0)).toBeNull();
  });
});
