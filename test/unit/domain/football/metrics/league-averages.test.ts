import { describe, expect, it } from "vitest";
import { LeagueAverageAccumulator, type LeagueMatch } from "../../../../../src/domain/football/metrics/league-averages.js";

const T1 = 1_700_000_000;
const T2 = T1 + 86_400;
const T3 = T2 + 86_400;

/** Goals and corners only: the other metrics are absent and must be left out. */
function match(kickoffUnix: number, ft: [number, number, number, number], ht: [number, number, number, number]): LeagueMatch {
  const [homeGoals, homeCorners, awayGoals, awayCorners] = ft;
  const [htHomeGoals, htHomeCorners, htAwayGoals, htAwayCorners] = ht;
  return {
    kickoffUnix,
    home: { fullTime: { goals: homeGoals, corners: homeCorners }, firstHalf: { goals: htHomeGoals, corners: htHomeCorners } },
    away: { fullTime: { goals: awayGoals, corners: awayCorners }, firstHalf: { goals: htAwayGoals, corners: htAwayCorners } },
  };
}

function values(accumulator: LeagueAverageAccumulator, beforeUnix?: number): Record<string, number> {
  return Object.fromEntries(accumulator.snapshot(beforeUnix).map((entry) => [entry.developer_name, entry.value]));
}

describe("LeagueAverageAccumulator", () => {
  const accumulator = new LeagueAverageAccumulator();
  accumulator.record(match(T1, [2, 5, 1, 3], [1, 2, 0, 1]));
  accumulator.record(match(T2, [0, 4, 2, 6], [0, 1, 1, 3]));
  accumulator.record(match(T3, [1, 7, 1, 2], [1, 4, 1, 0]));

  it("is empty before the first match", () => {
    expect(new LeagueAverageAccumulator().snapshot()).toEqual([]);
    expect(accumulator.snapshot(T1)).toEqual([]);
  });

  it("averages the matches before the fixture only, x1000, with OVERALL = (HOME + AWAY) / 2 per side", () => {
    expect(values(accumulator, T3)).toEqual({
      HOME_GOALS_SCORED: 1000,
      AWAY_GOALS_SCORED: 1500,
      OVERALL_GOALS_SCORED: 1250,
      HOME_CORNERS_SCORED: 4500,
      AWAY_CORNERS_SCORED: 4500,
      OVERALL_CORNERS_SCORED: 4500,
      HT_HOME_GOALS_SCORED: 500,
      HT_AWAY_GOALS_SCORED: 500,
      HT_OVERALL_GOALS_SCORED: 500,
      HT_HOME_CORNERS_SCORED: 1500,
      HT_AWAY_CORNERS_SCORED: 2000,
      HT_OVERALL_CORNERS_SCORED: 1750,
    });
  });

  it("rounds each average once from the exact sums", () => {
    // After all three: home goals 3/3, away 4/3, per side 7/6.
    const all = values(accumulator);
    expect(all.HOME_GOALS_SCORED).toBe(1000);
    expect(all.AWAY_GOALS_SCORED).toBe(1333);
    expect(all.OVERALL_GOALS_SCORED).toBe(1167);
    expect(all.HOME_CORNERS_SCORED).toBe(5333);
    expect(all.AWAY_CORNERS_SCORED).toBe(3667);
    expect(all.OVERALL_CORNERS_SCORED).toBe(4500);
  });

  it("writes league-level entries with the catalogue's type ids", () => {
    const entries = accumulator.snapshot(T2);
    expect(entries.find((e) => e.developer_name === "OVERALL_GOALS_SCORED")).toEqual({
      team_id: 0,
      type_id: 305,
      developer_name: "OVERALL_GOALS_SCORED",
      value: 1500,
      location: "league",
      group: "league_average",
    });
    expect(entries.map((e) => e.type_id)).toEqual([303, 304, 305, 306, 307, 308, 324, 325, 326, 327, 328, 329]);
  });

  it("gives all 42 types (303-344) when every metric is counted", () => {
    const full = { goals: 1, corners: 5, yellowcards: 2, shotsOnTarget: 4, shotsOffTarget: 6, attacks: 100, dangerousAttacks: 50 };
    const league = new LeagueAverageAccumulator();
    league.record({ kickoffUnix: T1, home: { fullTime: full, firstHalf: full }, away: { fullTime: full, firstHalf: full } });
    const entries = league.snapshot();
    expect(entries.map((e) => e.type_id)).toEqual(Array.from({ length: 42 }, (_, i) => 303 + i));
    expect(entries.find((e) => e.developer_name === "HT_OVERALL_ATTACKS_SCORED")?.value).toBe(100_000);
    expect(entries.every((e) => Number.isInteger(e.value))).toBe(true);
  });

  it("never counts matches that kick off at the same time as the fixture", () => {
    const league = new LeagueAverageAccumulator();
    league.record(match(T1, [1, 1, 1, 1], [0, 0, 0, 0]));
    league.record(match(T2, [3, 1, 3, 1], [0, 0, 0, 0]));
    league.record(match(T2, [5, 1, 5, 1], [0, 0, 0, 0]));
    expect(values(league, T2).HOME_GOALS_SCORED).toBe(1000);
    expect(values(league, T2 + 1).HOME_GOALS_SCORED).toBe(3000);
  });

  it("refuses matches recorded out of kick-off order", () => {
    const league = new LeagueAverageAccumulator();
    league.record(match(T2, [1, 1, 1, 1], [0, 0, 0, 0]));
    expect(() => league.record(match(T1, [1, 1, 1, 1], [0, 0, 0, 0]))).toThrow(/order/);
  });
});
