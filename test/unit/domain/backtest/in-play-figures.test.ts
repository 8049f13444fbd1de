import { describe, expect, it } from "vitest";
import { averageMinute, byMinute, inPlayFairOdds, strikeRate } from "../../../../src/domain/backtest/in-play-figures.js";

describe("the minute of the first fire", () => {
  it("lists every 5-minute bucket, 1-5 to 86-90, with the first fires counted by their bucket's first minute", () => {
    const buckets = byMinute(new Map([[1, 2], [46, 3], [86, 1]]));
    expect(buckets).toHaveLength(18);
    expect(buckets[0]).toEqual({ from: 1, to: 5, fired: 2 });
    expect(buckets[1]).toEqual({ from: 6, to: 10, fired: 0 });
    expect(buckets[9]).toEqual({ from: 46, to: 50, fired: 3 });
    expect(buckets[17]).toEqual({ from: 86, to: 90, fired: 1 });
  });

  it("averages to 2 decimals from the sum of the minutes, null without a fire", () => {
    expect(averageMinute(2 + 47 + 47, 3)).toBe(32);
    expect(averageMinute(100, 3)).toBe(33.33);
    expect(averageMinute(0, 0)).toBeNull();
  });
});

describe("strike rate and fair odds", () => {
  it("are hits / fired to 4 decimals and fired / hits to 3, null without a fire or a hit", () => {
    expect(strikeRate(1, 3)).toBe(0.3333);
    expect(inPlayFairOdds(1, 3)).toBe(3);
    expect(inPlayFairOdds(2, 3)).toBe(1.5);
    expect(strikeRate(0, 0)).toBeNull();
    expect(inPlayFairOdds(0, 5)).toBeNull();
  });
});
