import { describe, expect, it } from "vitest";
import { finalScores, goalViewOf, jointProbability, predictionsOfView, winMask } from "../../../../src/domain/bet-builders/probability.js";
import { LABELS, MARKETS } from "../../../../src/domain/football/odds/markets.js";
import { pricedFixture } from "./priced-fixture.js";

const leg = (market: { id: number }, label: { id: number }, line = 0) => ({ market_id: market.id, label_id: label.id, line });

describe("the bet builder probability engine", () => {
  it("reads the pre-match goal means from the PREDICTION_EXPECTED_GOALS metrics", () => {
    const view = goalViewOf(pricedFixture())!;
    expect(view.means).toEqual({ home: 1.6, away: 1.1 });
    expect(view.current).toEqual({ home: 0, away: 0 });
  });

  it("adds the score so far and scales the means to the minutes left in play", () => {
    const view = goalViewOf(pricedFixture({ live: { minute: 47, home: 2, away: 0 } }))!;
    expect(view.current).toEqual({ home: 2, away: 0 });
    expect(view.means.home).toBeCloseTo(1.6 * (94 - 47) / 94, 10);
    expect(finalScores(view).every((cell) => cell.home >= 2)).toBe(true);
  });

  it("prices a combination jointly: home win and over 1.5 together, not as a product", () => {
    const cells = finalScores(goalViewOf(pricedFixture())!);
    const home = winMask(leg(MARKETS.FULLTIME_RESULT, LABELS.HOME), cells);
    const over = winMask(leg(MARKETS.OVER_UNDER, LABELS.OVER, 1.5), cells);
    const direct = cells.filter((c) => c.home > c.away && c.home + c.away >= 2).reduce((sum, c) => sum + c.p, 0);
    const joint = jointProbability([home, over], cells);
    expect(joint).toBeCloseTo(direct, 12);
    expect(joint).toBeGreaterThan(jointProbability([home], cells) * jointProbability([over], cells));
  });

  it("gives contradictory selections probability 0", () => {
    const cells = finalScores(goalViewOf(pricedFixture())!);
    const masks = [winMask(leg(MARKETS.OVER_UNDER, LABELS.UNDER, 1.5), cells), winMask(leg(MARKETS.BOTH_TEAMS_TO_SCORE, LABELS.YES), cells)];
    expect(jointProbability(masks, cells)).toBe(0);
  });

  it("states the live view as prediction percents that sum to 100", () => {
    const view = goalViewOf(pricedFixture({ live: { minute: 80, home: 2, away: 0 } }))!;
    const p = predictionsOfView(view);
    expect(p.home + p.draw + p.away).toBe(100);
    expect(p.home).toBeGreaterThan(90);
    expect(p.expectedGoals).toBeGreaterThan(200);
  });

  it("has no view without prediction metrics", () => {
    expect(goalViewOf({ ...pricedFixture(), metrics: [] })).toBeNull();
  });
});
