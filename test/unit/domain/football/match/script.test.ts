import { describe, expect, it } from "vitest";
import { projectMatch } from "../../../../../src/domain/football/match/projection.js";
import { simulateMatch } from "../../../../../src/domain/football/match/script.js";
import { AWAY, HOME, KICKOFF, REAL_RESULTS, matchInput, score, statistic } from "./fixtures.js";

describe("simulateMatch", () => {
  it("returns a deep-equal script and state for the same seed", () => {
    const input = matchInput("same-seed", { ht: [1, 1], ft: [2, 1] });
    expect(simulateMatch(input)).toEqual(simulateMatch(input));
    expect(projectMatch(simulateMatch(input), { kind: "final" })).toEqual(projectMatch(simulateMatch(input), { kind: "final" }));
  });

  it("returns a different match for a different seed", () => {
    const a = simulateMatch(matchInput("seed-a", { ht: [1, 1], ft: [2, 1] }));
    const b = simulateMatch(matchInput("seed-b", { ht: [1, 1], ft: [2, 1] }));
    expect(a.series).not.toEqual(b.series);
  });

  for (const { label, result } of REAL_RESULTS) {
    it(`reproduces the real result exactly: ${label}`, () => {
      for (let i = 0; i < 20; i++) {
        const state = projectMatch(simulateMatch(matchInput(`${label}:${i}`, result)), { kind: "final" });
        const total = result.et ?? result.ft;
        const htUsable = result.ht && result.ht[0] <= result.ft[0] && result.ht[1] <= result.ft[1];
        expect(state.status).toBe("FT");
        expect(state.goals).toEqual({ home: total[0], away: total[1] });
        expect(score(state, HOME, "CURRENT")).toBe(total[0]);
        expect(score(state, AWAY, "CURRENT")).toBe(total[1]);
        expect(score(state, HOME, "2ND_HALF")).toBe(result.ft[0]);
        expect(score(state, AWAY, "2ND_HALF")).toBe(result.ft[1]);
        if (htUsable && result.ht) {
          expect(score(state, HOME, "1ST_HALF")).toBe(result.ht[0]);
          expect(score(state, AWAY, "1ST_HALF")).toBe(result.ht[1]);
          expect(score(state, HOME, "2ND_HALF_ONLY")).toBe(result.ft[0] - result.ht[0]);
          expect(score(state, AWAY, "2ND_HALF_ONLY")).toBe(result.ft[1] - result.ht[1]);
        } else {
          expect((score(state, HOME, "1ST_HALF") ?? -1) + (score(state, HOME, "2ND_HALF_ONLY") ?? -1)).toBe(result.ft[0]);
          expect((score(state, AWAY, "1ST_HALF") ?? -1) + (score(state, AWAY, "2ND_HALF_ONLY") ?? -1)).toBe(result.ft[1]);
        }
        expect(statistic(state, "GOALS", "league")).toBe(total[0] + total[1]);
        expect(state.shootout).toEqual(result.p ? { home: result.p[0], away: result.p[1] } : null);
        const names = state.periods.map((period) => period.developer_name);
        expect(names).toEqual([
          "1ST_HALF",
          "2ND_HALF",
          ...(result.et ? (["EXTRA_TIME_1ST", "EXTRA_TIME_2ND"] as const) : []),
          ...(result.p ? (["PENALTIES"] as const) : []),
        ]);
      }
    });
  }

  it("splits a result without a half-time score between both halves", () => {
    const firstHalfGoals = Array.from({ length: 200 }, (_, i) => {
      const state = projectMatch(simulateMatch(matchInput(`split:${i}`, { ft: [3, 3] })), { kind: "final" });
      return (score(state, HOME, "1ST_HALF") ?? 0) + (score(state, AWAY, "1ST_HALF") ?? 0);
    });
    const mean = firstHalfGoals.reduce((sum, goals) => sum + goals, 0) / firstHalfGoals.length;
    expect(mean).toBeGreaterThan(2.2);
    expect(mean).toBeLessThan(3.2);
  });

  it("plays extra time only in knockout matches level after 90 minutes, then penalties if still level", () => {
    let extraTimes = 0;
    let shootouts = 0;
    for (let i = 0; i < 300; i++) {
      const script = simulateMatch(matchInput(`ko:${i}`, undefined, { knockout: true }));
      const state = projectMatch(script, { kind: "final" });
      const level90 = score(state, HOME, "2ND_HALF") === score(state, AWAY, "2ND_HALF");
      expect(script.periods.length > 2).toBe(level90);
      if (level90) extraTimes++;
      const levelNow = state.goals.home === state.goals.away;
      expect(state.shootout !== null).toBe(levelNow);
      if (state.shootout) {
        shootouts++;
        expect(state.shootout.home).not.toBe(state.shootout.away);
      }
    }
    expect(extraTimes).toBeGreaterThan(30);
    expect(shootouts).toBeGreaterThan(10);
  });

  it("never plays extra time in a sampled league match", () => {
    for (let i = 0; i < 100; i++) expect(simulateMatch(matchInput(`league:${i}`)).periods).toHaveLength(2);
  });

  it("keeps added time within 0-5, 1-8 and 0-3 minutes and times periods with their breaks", () => {
    for (let i = 0; i < 200; i++) {
      const { periods } = simulateMatch(matchInput(`clock:${i}`, { ft: [1, 1], et: [1, 1], p: [5, 4] }));
      const [first, second, et1, et2, pens] = periods;
      expect(first?.added).toBeGreaterThanOrEqual(0);
      expect(first?.added).toBeLessThanOrEqual(5);
      expect(second?.added).toBeGreaterThanOrEqual(1);
      expect(second?.added).toBeLessThanOrEqual(8);
      for (const et of [et1, et2]) {
        expect(et?.added).toBeGreaterThanOrEqual(0);
        expect(et?.added).toBeLessThanOrEqual(3);
      }
      expect(first?.startUnix).toBe(KICKOFF);
      expect((second?.startUnix ?? 0) - (first?.endUnix ?? 0)).toBe(15 * 60);
      expect((et1?.startUnix ?? 0) - (second?.endUnix ?? 0)).toBe(5 * 60);
      expect(et2?.startUnix).toBeGreaterThanOrEqual(et1?.endUnix ?? Infinity);
      expect(pens?.startUnix).toBeGreaterThan(et2?.endUnix ?? Infinity);
      const firstDuration = (first?.endUnix ?? 0) - (first?.startUnix ?? 0);
      expect(firstDuration).toBeGreaterThanOrEqual((45 + (first?.added ?? 0)) * 60);
      expect(firstDuration).toBeLessThan((46 + (first?.added ?? 0)) * 60);
    }
  });

  it("numbers periods fixtureId * 10 + n in sort order", () => {
    const script = simulateMatch(matchInput("ids", { ft: [1, 1], et: [1, 1], p: [3, 1] }));
    const fixtureId = matchInput("ids").fixtureId;
    expect(script.periods.map((period) => period.periodId)).toEqual([1, 2, 3, 4, 5].map((n) => fixtureId * 10 + n));
    expect(script.periods.map((period) => period.sortOrder)).toEqual([1, 2, 3, 4, 5]);
    const straight = simulateMatch(matchInput("ids", { ft: [2, 2], p: [4, 3] }));
    expect(straight.periods.map((period) => [period.periodId - fixtureId * 10, period.sortOrder])).toEqual([[1, 1], [2, 2], [5, 3]]);
    expect(straight.periods[2]?.countsFrom).toBe(90);
  });

  it("records every channel of both teams for exactly the script's minute slots", () => {
    for (const { label, result } of REAL_RESULTS) {
      const script = simulateMatch(matchInput(`shape:${label}`, result, { knockout: true }));
      expect(script.slots.length).toBe(script.periods.reduce((sum, period) => sum + period.slotCount, 0));
      for (const series of [script.series.home, script.series.away]) {
        for (const [channel, deltas] of Object.entries(series)) {
          expect(deltas, channel).toHaveLength(script.slots.length);
          expect(deltas.every((delta) => Number.isInteger(delta)), channel).toBe(true);
        }
      }
    }
  });

  it("lists goals, cards and substitutions as events matching the counts", () => {
    const script = simulateMatch(matchInput("events", { ht: [2, 1], ft: [3, 2] }));
    const goals = script.events.filter((event) => event.type === "goal");
    expect(goals.filter((event) => event.side === "home")).toHaveLength(3);
    expect(goals.filter((event) => event.side === "away")).toHaveLength(2);
    expect(goals.filter((event) => event.periodId % 10 === 1)).toHaveLength(3);
    const subs = script.events.filter((event) => event.type === "substitution" && event.side === "home");
    expect(subs.length).toBeLessThanOrEqual(5);
    expect(script.events.map((event) => event.slot)).toEqual([...script.events.map((event) => event.slot)].sort((a, b) => a - b));
  });
});
