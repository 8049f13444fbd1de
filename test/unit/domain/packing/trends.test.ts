import { describe, expect, it } from "vitest";
import { TREND_TYPES } from "../../../../src/catalogue/match-types.js";
import type { CompactTrends } from "../../../../src/domain/fixture-parts.js";
import { decodeDeltas, encodeDeltas, packTrends, unpackTrends } from "../../../../src/domain/packing/trends.js";
import { projectMatch } from "../../../../src/enrich/match/projection.js";
import { simulateMatch } from "../../../../src/enrich/match/script.js";
import { matchInput, REAL_RESULTS } from "../../enrich/match/fixtures.js";
import { jsonSize, viaJson } from "./inputs.js";

const TYPE_ID = new Map(TREND_TYPES.map((type) => [type.developer_name, type.type_id]));

/** Final trends of real results and sampled (some knockout) matches, and live cuts of them. */
function trendCases(): { finals: CompactTrends[]; lives: CompactTrends[] } {
  const finals: CompactTrends[] = [];
  const lives: CompactTrends[] = [];
  for (let i = 0; i < 60; i++) {
    const real = i < REAL_RESULTS.length ? REAL_RESULTS[i]?.result : undefined;
    const script = simulateMatch(matchInput(`packing:${i}`, real, real ? {} : { knockout: i % 3 === 0, expectedGoals: { home: 0.5 + (i % 5) * 0.5, away: 0.4 + (i % 4) * 0.4 } }));
    finals.push(projectMatch(script, { kind: "final" }).trends);
    for (const minutes of [1, 23, 47, 70, 96, 130]) {
      lives.push(projectMatch(script, { kind: "live", nowUnix: script.periods[0]!.startUnix + minutes * 60 + 5 }).trends);
    }
  }
  return { finals, lives };
}

const { finals, lives } = trendCases();

describe("encodeDeltas / decodeDeltas", () => {
  it("writes 0-35 as one character and everything else as an escape", () => {
    expect(encodeDeltas([0, 1, 9, 10, 35, 36, -1, -40, 120, 0])).toBe("019az(36)(-1)(-40)(120)0");
    expect(decodeDeltas("019az(36)(-1)(-40)(120)0")).toEqual([0, 1, 9, 10, 35, 36, -1, -40, 120, 0]);
    expect(encodeDeltas([])).toBe("");
  });

  it("keeps -0 and non-integers exact", () => {
    const deltas = [-0, 0.5, -2.25, 1e-7];
    expect(encodeDeltas(deltas)).toBe("(-0)(0.5)(-2.25)(1e-7)");
    const back = decodeDeltas(encodeDeltas(deltas));
    expect(Object.is(back[0], -0)).toBe(true);
    expect(back).toStrictEqual(deltas);
  });

  it("rejects what it cannot encode or decode", () => {
    expect(() => encodeDeltas([Number.NaN])).toThrow(RangeError);
    expect(() => encodeDeltas([Infinity])).toThrow(RangeError);
    for (const bad of ["(", "(3", "()", "(x)", "A", "1-2"]) expect(() => decodeDeltas(bad), bad).toThrow(RangeError);
  });
});

describe("packTrends / unpackTrends", () => {
  it("round-trips final and live trends exactly, through JSON", () => {
    for (const trends of [...finals, ...lives]) expect(unpackTrends(viaJson(packTrends(trends)))).toStrictEqual(trends);
  });

  it("exercises the escapes: negative possession and pressure deltas, expected goals above 35", () => {
    const escaped = new Set<number>();
    for (const trends of finals) {
      for (const series of trends.series) if (series.deltas.some((delta) => delta < 0 || delta > 35)) escaped.add(series.type_id);
    }
    expect(escaped).toContain(TYPE_ID.get("BALL_POSSESSION"));
    expect(escaped).toContain(TYPE_ID.get("PRESSURE_INDEX"));
    expect(escaped).toContain(TYPE_ID.get("EXPECTED_GOALS"));
  });

  it("keeps minutes as they are and one series tuple per team and type", () => {
    const trends = finals[0] as CompactTrends;
    const packed = packTrends(trends);
    expect(packed.minutes).toEqual(trends.minutes);
    expect(packed.series).toHaveLength(trends.series.length);
    expect(packed.series[0]?.slice(0, 2)).toEqual([trends.series[0]?.team_id, trends.series[0]?.type_id]);
  });

  it("round-trips empty trends (before kick-off)", () => {
    const empty: CompactTrends = { minutes: [], series: [] };
    expect(unpackTrends(viaJson(packTrends(empty)))).toStrictEqual(empty);
  });

  it("about halves a finished match's trends", () => {
    // Measured over these 60 finals: ~9.7 kB -> ~5.2 kB of JSON (ratio 0.53-0.55, max 12.3 -> 6.7 kB with extra time).
    for (const trends of finals) {
      const size = jsonSize(packTrends(trends));
      expect(size).toBeLessThan(7_000);
      expect(size / jsonSize(trends)).toBeLessThan(0.56);
    }
  });
});
