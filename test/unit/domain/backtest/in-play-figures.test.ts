import { describe, expect, it } from "vitest";
import { averageMinute, byMinute, firstFires, inPlayFairOdds, statesWithin, strikeRate } from "../../../../src/domain/backtest/in-play-figures.js";

describe("statesWithin", () => {
  it("lists the first half's minutes, then the second half's, in match order", () => {
    const slots = statesWithin({ from: 44, to: 47 });
    expect(slots).toEqual([
      { order: 144, minute: 44 },
      { order: 145, minute: 45 },
      { order: 146, minute: 46 },
      { order: 147, minute: 47 },
      { order: 245, minute: 45 },
      { order: 246, minute: 46 },
      { order: 247, minute: 47 },
    ]);
  });

  it("has every state of a whole match: 1-60 of the first half, 45-90 of the second", () => {
    const slots = statesWithin({ from: 1, to: 90 });
    expect(slots).toHaveLength(60 + 46);
    expect(slots.map((slot) => slot.order)).toEqual([...slots.map((slot) => slot.order)].sort((a, b) => a - b));
  });
});

describe("first fires from the fixtures that had fired by each state", () => {
  const slots = statesWithin({ from: 44, to: 47 });
  // Fired by 144: 2; 145: 2; 146: 5; 147: 5; 245: 6; 246: 6; 247: 9.
  const fires = firstFires(slots, [2, 2, 5, 5, 6, 6, 9]);

  it("are the differences with the state before", () => {
    expect(fires.map((fire) => fire.fired)).toEqual([2, 0, 3, 0, 1, 0, 3]);
  });

  it("fall into 5-minute buckets by minute, both halves together, every bucket listed", () => {
    const buckets = byMinute(fires);
    expect(buckets).toHaveLength(18);
    expect(buckets[0]).toEqual({ from: 1, to: 5, fired: 0 });
    expect(buckets[8]).toEqual({ from: 41, to: 45, fired: 2 + 1 });
    expect(buckets[9]).toEqual({ from: 46, to: 50, fired: 3 + 3 });
    expect(buckets[17]).toEqual({ from: 86, to: 90, fired: 0 });
  });

  it("average the minute of the first fire to 2 decimals", () => {
    expect(averageMinute(fires)).toBe(Math.round(((44 * 2 + 46 * 3 + 45 + 47 * 3) / 9) * 100) / 100);
    expect(averageMinute([])).toBeNull();
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
