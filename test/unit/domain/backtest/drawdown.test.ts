import { describe, expect, it } from "vitest";
import { maxDrawdown } from "../../../../src/domain/backtest/drawdown.js";

describe("maxDrawdown", () => {
  it("is 0 without bets and while profit only rises", () => {
    expect(maxDrawdown([])).toBe(0);
    expect(maxDrawdown([1500, 0, 200])).toBe(0);
  });

  it("counts a fall from the start (0) when the first bets lose", () => {
    expect(maxDrawdown([-1000, -1000, 500])).toBe(2000);
  });

  it("measures from the highest earlier peak, not the latest one", () => {
    // 0 → 3000 (peak) → 2000 → 2500 → 500 (trough: 2500 below the peak) → 4000
    expect(maxDrawdown([3000, -1000, 500, -2000, 3500])).toBe(2500);
  });

  it("keeps the deepest fall when a later one is shallower", () => {
    expect(maxDrawdown([2000, -1000, -1000, -1000, 5000, -1000])).toBe(3000);
  });

  it("follows the order given: the same bets in another order fall differently", () => {
    expect(maxDrawdown([-1000, 1000])).toBe(1000);
    expect(maxDrawdown([1000, -1000])).toBe(1000);
    expect(maxDrawdown([1000, 1000, -1000, -1000])).toBe(2000);
    expect(maxDrawdown([-1000, 1000, -1000, 1000])).toBe(1000);
  });

  it("matches the brute force (largest C[i] - C[j], i < j, C[0] = 0) on random sequences", () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let round = 0; round < 200; round++) {
      const profits = Array.from({ length: next() % 40 }, () => (next() % 3 === 0 ? (next() % 3000) + 10 : -1000));
      const cumulative = [0];
      for (const profit of profits) cumulative.push(cumulative[cumulative.length - 1]! + profit);
      let expected = 0;
      for (let i = 0; i < cumulative.length; i++) for (let j = i + 1; j < cumulative.length; j++) expected = Math.max(expected, cumulative[i]! - cumulative[j]!);
      expect(maxDrawdown(profits)).toBe(expected);
    }
  });
});
