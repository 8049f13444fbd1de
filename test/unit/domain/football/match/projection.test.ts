import { describe, expect, it } from "vitest";
import { STATISTIC_TYPES, TREND_TYPES } from "../../../../../src/domain/types/match-types.js";
import { projectMatch, type MatchState } from "../../../../../src/domain/football/match/projection.js";
import { simulateMatch } from "../../../../../src/domain/football/match/script.js";
import type { MatchScript } from "../../../../../src/domain/football/match/types.js";
import { AWAY, HOME, KICKOFF, matchInput, score, statistic, trendValues } from "./fixtures.js";

const CUP_TIE = simulateMatch(matchInput("cup-tie", { ht: [1, 0], ft: [1, 1], et: [2, 2], p: [4, 3] }));
const FINAL = projectMatch(CUP_TIE, { kind: "final" });

function live(script: MatchScript, nowUnix: number): MatchState {
  return projectMatch(script, { kind: "live", nowUnix });
}

function period(script: MatchScript, n: number) {
  const found = script.periods.find((p) => p.n === n);
  if (!found) throw new Error(`no period ${n}`);
  return found;
}

/** Every statistic equals the last trend value of the same name; GOALS also equals CURRENT. */
function expectConsistent(state: MatchState): void {
  for (const [team, location] of [[HOME, "home"], [AWAY, "away"]] as const) {
    for (const type of TREND_TYPES) {
      const stat = statistic(state, type.developer_name, location);
      if (stat === undefined) continue;
      expect(trendValues(state, team, type.developer_name).at(-1)?.value ?? 0, type.developer_name).toBe(stat);
    }
    expect(statistic(state, "GOALS", location)).toBe(score(state, team, "CURRENT"));
    expect(statistic(state, "GOALS", location)).toBe(state.goals[location]);
    const shots = statistic(state, "SHOTS_TOTAL", location) ?? -1;
    const onTarget = statistic(state, "SHOTS_ON_TARGET", location) ?? -1;
    expect(shots).toBeGreaterThanOrEqual(onTarget);
    expect(onTarget).toBeGreaterThanOrEqual(statistic(state, "GOALS", location) ?? Infinity);
    const other = location === "home" ? "away" : "home";
    expect(statistic(state, "SAVES", location)).toBe(
      (statistic(state, "SHOTS_ON_TARGET", other) ?? 0) - (statistic(state, "GOALS", other) ?? 0),
    );
  }
  expect((statistic(state, "BALL_POSSESSION", "home") ?? 0) + (statistic(state, "BALL_POSSESSION", "away") ?? 0)).toBe(100);
  expect(statistic(state, "BALL_POSSESSION", "league")).toBeUndefined();
  for (const type of STATISTIC_TYPES.filter((t) => t.developer_name !== "BALL_POSSESSION")) {
    expect(statistic(state, type.developer_name, "league")).toBe(
      (statistic(state, type.developer_name, "home") ?? NaN) + (statistic(state, type.developer_name, "away") ?? NaN),
    );
  }
  expect(state.minute).toBe(expandLastMinute(state));
}

function expandLastMinute(state: MatchState): number | null {
  const last = state.trends.minutes.at(-1);
  return last ? last.first_minute + last.count - 1 : null;
}

describe("projectMatch, final", () => {
  it("makes CURRENT, the GOALS statistic and the GOALS trend agree", () => {
    expect(FINAL.status).toBe("FT");
    expectConsistent(FINAL);
    expect(score(FINAL, HOME, "CURRENT")).toBe(2);
    expect(trendValues(FINAL, AWAY, "GOALS").at(-1)?.value).toBe(2);
  });

  it("lists every statistic type per team and all but possession at match level", () => {
    expect(FINAL.statistics).toHaveLength(STATISTIC_TYPES.length * 3 - 1);
    expect(FINAL.statistics.filter((entry) => entry.location === "league").every((entry) => entry.team_id === 0)).toBe(true);
    expect(FINAL.statistics.filter((entry) => entry.location === "home").every((entry) => entry.team_id === HOME)).toBe(true);
    expect(statistic(FINAL, "CORNERS", "home")).toBeDefined();
    expect(FINAL.statistics.find((entry) => entry.type_id === 5304)?.developer_name).toBe("EXPECTED_GOALS");
  });

  it("gives finished periods with their end, elapsed time and no ticking", () => {
    expect(FINAL.periods.map((p) => [p.developer_name, p.counts_from, p.period_length, p.sort_order])).toEqual([
      ["1ST_HALF", 0, 45, 1],
      ["2ND_HALF", 45, 45, 2],
      ["EXTRA_TIME_1ST", 90, 15, 3],
      ["EXTRA_TIME_2ND", 105, 15, 4],
      ["PENALTIES", 120, 0, 5],
    ]);
    for (const p of FINAL.periods) {
      expect(p.ticking).toBe(0);
      expect(p.ended).not.toBeNull();
      expect(p.minutes * 60 + p.seconds).toBe((p.ended ?? 0) - p.started);
      expect(p.fixture_id).toBe(CUP_TIE.fixtureId);
    }
  });

  it("equals a live projection taken after the final whistle", () => {
    expect(live(CUP_TIE, CUP_TIE.endUnix)).toEqual(FINAL);
    expect(live(CUP_TIE, CUP_TIE.endUnix + 86_400)).toEqual(FINAL);
  });
});

describe("projectMatch, live", () => {
  it("shows nothing before kick-off", () => {
    expect(live(CUP_TIE, KICKOFF - 1)).toEqual({
      status: "NOT_STARTED",
      minute: null,
      periods: [],
      scores: [],
      statistics: [],
      trends: { minutes: [], series: [] },
      goals: { home: 0, away: 0 },
      shootout: null,
    });
  });

  it("reveals the 1st half up to the running minute with a ticking period", () => {
    const state = live(CUP_TIE, KICKOFF + 20 * 60 + 30);
    expect(state.status).toBe("INPLAY_1ST_HALF");
    expect(state.minute).toBe(21);
    expect(state.trends.minutes).toEqual([{ period_id: CUP_TIE.fixtureId * 10 + 1, first_minute: 1, count: 21 }]);
    expect(state.periods).toHaveLength(1);
    expect(state.periods[0]).toMatchObject({ ended: null, ticking: 1, minutes: 20, seconds: 30 });
    expect(state.scores.map((s) => s.developer_name)).toEqual(["1ST_HALF", "CURRENT", "1ST_HALF", "CURRENT"]);
    expectConsistent(state);
  });

  it("stands at half-time with the whole 1st half and its score", () => {
    const first = period(CUP_TIE, 1);
    const state = live(CUP_TIE, first.endUnix + 60);
    expect(state.status).toBe("HT");
    expect(state.minute).toBe(45 + first.added);
    expect(state.goals).toEqual({ home: 1, away: 0 });
    expect(score(state, HOME, "1ST_HALF")).toBe(1);
    expect(state.scores.some((s) => s.developer_name === "2ND_HALF")).toBe(false);
    expect(state.periods.map((p) => p.ticking)).toEqual([0]);
    expectConsistent(state);
  });

  it("counts the 2nd half from minute 45 with all four score entries", () => {
    const second = period(CUP_TIE, 2);
    const state = live(CUP_TIE, second.startUnix + 10 * 60 + 5);
    expect(state.status).toBe("INPLAY_2ND_HALF");
    expect(state.minute).toBe(55);
    expect(state.trends.minutes[1]).toEqual({ period_id: second.periodId, first_minute: 45, count: 11 });
    expect(state.periods.map((p) => [p.ticking, p.ended === null])).toEqual([[0, false], [1, true]]);
    expect(state.scores.map((s) => s.developer_name)).toEqual([
      "1ST_HALF", "2ND_HALF", "2ND_HALF_ONLY", "CURRENT", "1ST_HALF", "2ND_HALF", "2ND_HALF_ONLY", "CURRENT",
    ]);
    expectConsistent(state);
  });

  it("passes through the extra-time break, extra time and the shoot-out", () => {
    const [second, et1, et2, pens] = [2, 3, 4, 5].map((n) => period(CUP_TIE, n));
    expect(live(CUP_TIE, (second?.endUnix ?? 0) + 30).status).toBe("EXTRA_TIME_BREAK");
    const inEt = live(CUP_TIE, (et1?.startUnix ?? 0) + 5 * 60);
    expect(inEt.status).toBe("INPLAY_ET");
    expect(inEt.minute).toBe(95);
    expect(score(inEt, HOME, "2ND_HALF")).toBe(1);
    expectConsistent(inEt);
    expect(live(CUP_TIE, (et1?.endUnix ?? 0) + 1).status).toBe("EXTRA_TIME_BREAK");
    const late = live(CUP_TIE, (et2?.startUnix ?? 0) + 3 * 60);
    expect([late.status, late.minute]).toEqual(["INPLAY_ET", 108]);
    const beforePens = live(CUP_TIE, (pens?.startUnix ?? 0) - 1);
    expect(beforePens.status).toBe("PEN_BREAK");
    expect(beforePens.goals).toEqual({ home: 2, away: 2 });
    expect(beforePens.shootout).toBeNull();
    const firstKick = CUP_TIE.shootout?.kicks[0];
    const duringPens = live(CUP_TIE, firstKick?.atUnix ?? 0);
    expect(duringPens.status).toBe("INPLAY_PENALTIES");
    expect((duringPens.shootout?.home ?? 0) + (duringPens.shootout?.away ?? 0)).toBe(firstKick?.scored ? 1 : 0);
    expect(duringPens.goals).toEqual({ home: 2, away: 2 });
    expect(duringPens.periods.at(-1)).toMatchObject({ developer_name: "PENALTIES", ticking: 1, ended: null });
    expectConsistent(duringPens);
  });

  it("stays consistent, and a prefix of the final match, at every moment", () => {
    let previous: MatchState | undefined;
    for (let now = KICKOFF; now < CUP_TIE.endUnix; now += 53) {
      const state = live(CUP_TIE, now);
      expectConsistent(state);
      for (const [i, series] of state.trends.series.entries()) {
        expect(series.deltas).toEqual(FINAL.trends.series[i]?.deltas.slice(0, series.deltas.length));
      }
      if (previous) {
        for (const entry of previous.statistics) {
          const name = entry.developer_name;
          if (name === "BALL_POSSESSION") continue;
          const later = state.statistics.find((e) => e.type_id === entry.type_id && e.location === entry.location);
          expect(later?.value ?? -1, name).toBeGreaterThanOrEqual(entry.value);
        }
      }
      previous = state;
    }
  });
});
