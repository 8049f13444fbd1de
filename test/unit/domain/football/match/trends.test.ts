import { describe, expect, it } from "vitest";
import { TREND_TYPES } from "../../../../../src/domain/types/match-types.js";
import { expandTrends, projectMatch, type MatchState } from "../../../../../src/domain/football/match/projection.js";
import { simulateMatch } from "../../../../../src/domain/football/match/script.js";
import { AWAY, HOME, REAL_RESULTS, matchInput, score, trendValues } from "./fixtures.js";

const RISING_OR_FALLING = new Set(["BALL_POSSESSION", "PRESSURE_INDEX"]);

function finals(count: number): MatchState[] {
  const states: MatchState[] = [];
  for (let i = 0; i < count; i++) {
    const { result } = REAL_RESULTS[i % REAL_RESULTS.length] ?? {};
    states.push(projectMatch(simulateMatch(matchInput(`trends:${i}`, result)), { kind: "final" }));
  }
  return states;
}

const STATES = finals(60);

describe("match trends", () => {
  it("holds one series per team and trend type, each with a delta for every minute", () => {
    for (const state of STATES) {
      const minutes = state.trends.minutes.reduce((sum, range) => sum + range.count, 0);
      expect(state.trends.series).toHaveLength(2 * TREND_TYPES.length);
      for (const series of state.trends.series) expect(series.deltas).toHaveLength(minutes);
      expect(state.trends.series.slice(0, TREND_TYPES.length).every((series) => series.team_id === HOME)).toBe(true);
    }
  });

  it("never lets a cumulative value fall; only BALL_POSSESSION and PRESSURE_INDEX may go down", () => {
    let possessionFell = false;
    let pressureFell = false;
    for (const state of STATES) {
      for (const series of state.trends.series) {
        const name = TREND_TYPES.find((type) => type.type_id === series.type_id)?.developer_name ?? "";
        if (RISING_OR_FALLING.has(name)) {
          if (series.deltas.some((delta) => delta < 0)) (name === "BALL_POSSESSION" ? (possessionFell = true) : (pressureFell = true));
          continue;
        }
        expect(series.deltas.every((delta) => Number.isInteger(delta) && delta >= 0), name).toBe(true);
      }
    }
    expect(possessionFell && pressureFell).toBe(true);
  });

  it("keeps possession and pressure within 0-100 and possession summing to 100 at every minute", () => {
    for (const state of STATES) {
      const home = trendValues(state, HOME, "BALL_POSSESSION");
      const away = trendValues(state, AWAY, "BALL_POSSESSION");
      expect(home.length).toBe(away.length);
      home.forEach((entry, i) => expect(entry.value + (away[i]?.value ?? NaN)).toBe(100));
      for (const entry of [...home, ...trendValues(state, HOME, "PRESSURE_INDEX"), ...trendValues(state, AWAY, "PRESSURE_INDEX")]) {
        expect(entry.value).toBeGreaterThanOrEqual(0);
        expect(entry.value).toBeLessThanOrEqual(100);
      }
    }
  });

  it("starts the 2nd half at minute 45 whatever the first-half added time", () => {
    const added = new Set<number>();
    for (const state of STATES) {
      const [first, second] = state.trends.minutes;
      const firstPeriod = state.periods[0];
      added.add(firstPeriod?.time_added ?? -1);
      expect(first).toEqual({ period_id: firstPeriod?.period_id, first_minute: 1, count: 45 + (firstPeriod?.time_added ?? 0) });
      expect(second?.first_minute).toBe(45);
      expect(second?.count).toBe(46 + (state.periods[1]?.time_added ?? 0));
      const gameMinutes = expandTrends(state.trends).filter((entry) => entry.period_id === second?.period_id).map((entry) => entry.minute);
      expect(Math.min(...gameMinutes)).toBe(45);
      expect(Math.max(...gameMinutes)).toBe(90 + (state.periods[1]?.time_added ?? 0));
    }
    expect(added.size).toBeGreaterThan(2);
  });

  it("runs extra time 90..105+ and 105..120+", () => {
    const withExtraTime = STATES.filter((state) => state.trends.minutes.length === 4);
    expect(withExtraTime.length).toBeGreaterThan(5);
    for (const state of withExtraTime) {
      const [, , et1, et2] = state.trends.minutes;
      expect(et1?.first_minute).toBe(90);
      expect(et1?.count).toBe(16 + (state.periods[2]?.time_added ?? 0));
      expect(et2?.first_minute).toBe(105);
      expect(et2?.count).toBe(16 + (state.periods[3]?.time_added ?? 0));
      expect(state.minute).toBe(120 + (state.periods[3]?.time_added ?? 0));
    }
  });

  it("lets every period continue from the previous one: its contribution is its first value minus the previous last", () => {
    for (const state of STATES) {
      const entries = expandTrends(state.trends);
      for (const series of state.trends.series) {
        const values = entries.filter((entry) => entry.team_id === series.team_id && entry.type_id === series.type_id);
        expect(values[0]?.value).toBe(series.deltas[0]);
        let index = 0;
        state.trends.minutes.forEach((range, p) => {
          if (p > 0) {
            const previousLast = values[index - 1]?.value ?? NaN;
            expect((values[index]?.value ?? NaN) - previousLast).toBe(series.deltas[index]);
          }
          index += range.count;
        });
      }
      // The second half's goals are its last GOALS value minus the first half's last one.
      for (const team of [HOME, AWAY]) {
        const goals = trendValues(state, team, "GOALS");
        const lastOf = (periodId: number | undefined): number =>
          goals.filter((entry) => entry.period_id === periodId).at(-1)?.value ?? NaN;
        const [first, second] = state.trends.minutes;
        expect(lastOf(first?.period_id)).toBe(score(state, team, "1ST_HALF"));
        expect(lastOf(second?.period_id) - lastOf(first?.period_id)).toBe(score(state, team, "2ND_HALF_ONLY"));
      }
    }
  });

  it("keeps shots total = on + off = inside + outside, on target >= goals and attacks >= dangerous attacks", () => {
    for (const state of STATES) {
      for (const team of [HOME, AWAY]) {
        const v = (name: string) => trendValues(state, team, name).map((entry) => entry.value);
        const [total, on, off, inside, outside, goals, attacks, dangerous] = [
          "SHOTS_TOTAL", "SHOTS_ON_TARGET", "SHOTS_OFF_TARGET", "SHOTS_INSIDEBOX", "SHOTS_OUTSIDEBOX", "GOALS", "ATTACKS", "DANGEROUS_ATTACKS",
        ].map(v);
        total?.forEach((shots, i) => {
          expect(shots).toBe((on?.[i] ?? 0) + (off?.[i] ?? 0));
          expect(shots).toBe((inside?.[i] ?? 0) + (outside?.[i] ?? 0));
          expect(on?.[i]).toBeGreaterThanOrEqual(goals?.[i] ?? 0);
          expect(attacks?.[i]).toBeGreaterThanOrEqual(dangerous?.[i] ?? 0);
        });
      }
    }
  });

  it("expands in order of period, minute, team (home first) and type, and filters by type", () => {
    const state = STATES[0] as MatchState;
    const entries = expandTrends(state.trends);
    const order = TREND_TYPES.map((type) => type.type_id);
    const periodRank = new Map(state.trends.minutes.map((range, i) => [range.period_id, i]));
    const key = (e: (typeof entries)[number]) => [periodRank.get(e.period_id) ?? 9, e.minute, e.team_id === HOME ? 0 : 1, order.indexOf(e.type_id)];
    for (let i = 1; i < entries.length; i++) {
      const [a, b] = [key(entries[i - 1] as (typeof entries)[number]), key(entries[i] as (typeof entries)[number])];
      const cmp = a.findIndex((value, j) => value !== b[j]);
      expect(cmp === -1 ? 0 : Math.sign((a[cmp] ?? 0) - (b[cmp] ?? 0))).toBe(-1);
    }
    const filtered = expandTrends(state.trends, { typeIds: new Set([13, 117]) });
    expect(new Set(filtered.map((entry) => entry.developer_name))).toEqual(new Set(["CORNERS", "EXPECTED_GOALS"]));
    expect(filtered).toEqual(entries.filter((entry) => entry.type_id === 13 || entry.type_id === 117));
  });

  it("stays small: a 90-minute match's trends serialize under 12 kB", () => {
    let largest = 0;
    for (let i = 0; i < 300; i++) {
      const state = projectMatch(simulateMatch(matchInput(`size:${i}`, undefined, { expectedGoals: { home: 2.8, away: 1.9 } })), { kind: "final" });
      largest = Math.max(largest, JSON.stringify(state.trends).length);
    }
    expect(largest).toBeLessThan(12_000);
  });
});
