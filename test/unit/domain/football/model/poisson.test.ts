import { describe, expect, it } from "vitest";
import { finalScoreProbabilities, matchProbabilities, scoreGrid } from "../../../../../src/domain/football/model/poisson.js";

describe("score-grid probabilities", () => {
  it("matches independent Poisson exactly when rho is 0", () => {
    const grid = scoreGrid({ home: 1, away: 1 });
    expect(grid[0]?.[0]).toBeCloseTo(Math.exp(-2), 9);
    expect(grid[2]?.[1]).toBeCloseTo(Math.exp(-1) / 2 * Math.exp(-1), 9);
    const p = finalScoreProbabilities(grid);
    expect(p.overUnder["1.5"].under).toBeCloseTo(Math.exp(-2) * 3, 9);
    expect(p.bothTeamsScore.no).toBeCloseTo(2 * Math.exp(-1) - Math.exp(-2), 9);
  });

  it("lifts draws with a negative Dixon-Coles rho and keeps the grid normalized", () => {
    const plain = finalScoreProbabilities(scoreGrid({ home: 1.4, away: 1.1 }));
    const adjusted = finalScoreProbabilities(scoreGrid({ home: 1.4, away: 1.1 }, -0.1));
    expect(adjusted.fullTime.draw).toBeGreaterThan(plain.fullTime.draw);
    expect(adjusted.fullTime.home + adjusted.fullTime.draw + adjusted.fullTime.away).toBeCloseTo(1, 12);
  });

  it("adds the goals still to come to the current score", () => {
    const p = finalScoreProbabilities(scoreGrid({ home: 0, away: 0 }), { home: 2, away: 1 });
    expect(p.fullTime.home).toBeCloseTo(1, 12);
    expect(p.overUnder["2.5"].over).toBeCloseTo(1, 12);
    expect(p.bothTeamsScore.yes).toBeCloseTo(1, 12);
  });

  it("prices the first half from 45% of the full-time means", () => {
    const p = matchProbabilities({ home: 1.5, away: 1.2 });
    const firstHalf = finalScoreProbabilities(scoreGrid({ home: 1.5 * 0.45, away: 1.2 * 0.45 }));
    expect(p.halfTime).toEqual(firstHalf.fullTime);
  });
});
