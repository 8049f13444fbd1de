import { describe, expect, it } from "vitest";
import { goalsClass, predictionMetrics } from "../../../../../src/domain/football/metrics/predictions.js";
import { matchProbabilities } from "../../../../../src/domain/football/model/poisson.js";

const expectedGoals = { home: 1.85, away: 0.9 };
const metrics = predictionMetrics({
  homeTeamId: 11,
  awayTeamId: 22,
  probabilities: matchProbabilities(expectedGoals),
  expectedGoals,
  leagueAverageGoals: 2.6,
});
const find = (name: string, location = "league") => metrics.find((m) => m.developer_name === name && m.location === location);

describe("predictionMetrics", () => {
  it("gives 1X2 percents that sum to 100 with their PREDICTION_TYPES ids", () => {
    const [home, draw, away] = [100, 101, 102].map((id) => metrics.find((m) => m.type_id === id));
    expect((home?.value ?? 0) + (draw?.value ?? 0) + (away?.value ?? 0)).toBe(100);
    expect(home?.value).toBeGreaterThan(away?.value ?? 100);
    expect(home).toMatchObject({ team_id: 0, location: "league", group: "predictions", developer_name: "PREDICTION_HOME_WIN_PROBABILITY" });
  });

  it("derives the goal-line confidence from the over 2.5 probability", () => {
    const over = matchProbabilities(expectedGoals).overUnder["2.5"].over;
    expect(find("PREDICTION_OVER_2_5_PROBABILITY")?.value).toBe(Math.round(over * 100));
    expect(find("PREDICTION_GL_CONFIDENCE")).toMatchObject({ type_id: 105, value: Math.round(Math.abs(over - 0.5) * 200) });
  });

  it("classifies each team's scoring and rates attacking power against the league's per-side average", () => {
    expect(find("TEAM_GOALS_CLASSIFICATION", "home")).toMatchObject({ type_id: 106, team_id: 11, value: 3 });
    expect(find("TEAM_GOALS_CLASSIFICATION", "away")).toMatchObject({ type_id: 106, team_id: 22, value: 1 });
    expect(find("HOME_GOALS_ATTACK_POWER", "home")).toMatchObject({ type_id: 107, team_id: 11, value: Math.round((50 * 1.85) / 1.3) });
    expect(find("AWAY_GOALS_ATTACK_POWER", "away")).toMatchObject({ type_id: 108, team_id: 22, value: Math.round((50 * 0.9) / 1.3) });
    expect([goalsClass(0.99), goalsClass(1), goalsClass(1.59), goalsClass(1.6)]).toEqual([1, 2, 2, 3]);
  });

  it("gives expected goals x100 per team and for the match", () => {
    expect(find("PREDICTION_EXPECTED_GOALS", "home")).toMatchObject({ type_id: 109, team_id: 11, value: 185 });
    expect(find("PREDICTION_EXPECTED_GOALS", "away")).toMatchObject({ type_id: 109, team_id: 22, value: 90 });
    expect(find("PREDICTION_EXPECTED_GOALS")).toMatchObject({ team_id: 0, value: 275 });
  });

  it("writes integer values only", () => {
    expect(metrics).toHaveLength(13);
    expect(metrics.every((m) => Number.isInteger(m.value))).toBe(true);
  });
});
