import { describe, expect, it } from "vitest";
import { sumInPlayCounts, type InPlayCounts, type InPlayHits } from "../../../../src/domain/backtest/in-play-counts.js";

const OUTCOMES = ["goal_after", "home_goal_after", "away_goal_after", "home_win", "draw", "away_win", "over_0_5", "over_1_5", "over_2_5", "over_3_5", "over_4_5", "btts"] as const;

/** Hits of `n`, `n + step`, `n + 2 * step` ... outcome by outcome: each outcome another count. */
function hits(n: number, step = 1): InPlayHits {
  return Object.fromEntries(OUTCOMES.map((outcome, k) => [outcome, n + k * step])) as InPlayHits;
}

const EARLY: InPlayCounts = {
  fixtures: 10,
  fired: 4,
  hits: hits(1),
  leagues: [
    { id: 2, fired: 3, hits: hits(1) },
    { id: 8, fired: 1, hits: hits(0) },
  ],
  firedFrom: new Map([
    [1, 3],
    [46, 1],
  ]),
  minuteSum: 52,
};
const LATE: InPlayCounts = {
  fixtures: 7,
  fired: 2,
  hits: hits(10),
  leagues: [
    { id: 5, fired: 1, hits: hits(2) },
    { id: 8, fired: 1, hits: hits(3) },
  ],
  firedFrom: new Map([[46, 2]]),
  minuteSum: 95,
};

describe("sumInPlayCounts", () => {
  it("adds every count of disjoint parts, league by league and bucket by bucket, leagues by id", () => {
    expect(sumInPlayCounts([EARLY, LATE])).toEqual({
      fixtures: 17,
      fired: 6,
      hits: hits(11, 2),
      leagues: [
        { id: 2, fired: 3, hits: hits(1) },
        { id: 5, fired: 1, hits: hits(2) },
        { id: 8, fired: 2, hits: hits(3, 2) },
      ],
      firedFrom: new Map([
        [1, 3],
        [46, 3],
      ]),
      minuteSum: 147,
    });
  });

  it("gives one part back as it is and refuses none", () => {
    expect(sumInPlayCounts([LATE])).toEqual(LATE);
    expect(() => sumInPlayCounts([])).toThrow(/no counts/);
  });
});
