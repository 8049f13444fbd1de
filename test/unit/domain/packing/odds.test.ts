import { describe, expect, it } from "vitest";
import type { Odd } from "../../../../src/domain/fixture-parts.js";
import { packFairOdds } from "../../../../src/domain/packing/fair-odds.js";
import { packMovement } from "../../../../src/domain/packing/movement.js";
import { fullOddId, localOddId, packOdds, unpackOdds } from "../../../../src/domain/packing/odds.js";
import { jsonSize, pricedCase, pricedCases, viaJson, type PricedCase } from "./inputs.js";

const CASES = { pre: pricedCases("pre", 80), live: pricedCases("live", 80), finished: pricedCases("finished", 80) };

function roundTrip({ priced, input }: PricedCase): Odd[] {
  return unpackOdds(viaJson(packOdds(priced.odds)), input.fixtureId);
}

/** Packed odds + movement + fair odds of one fixture, as JSON characters. */
function packedSize({ priced }: PricedCase): number {
  return jsonSize(packOdds(priced.odds)) + jsonSize(packMovement(priced.movement)) + jsonSize(packFairOdds(priced.fairOdds));
}

function fullSize({ priced }: PricedCase): number {
  return jsonSize(priced.odds) + jsonSize(priced.movement) + jsonSize(priced.fairOdds);
}

describe("packOdds / unpackOdds", () => {
  it("round-trips the pre-match odds of every fixture exactly, through JSON", () => {
    for (const c of CASES.pre) expect(roundTrip(c)).toStrictEqual(c.priced.odds);
  });

  it("round-trips live odds (pre-match and in-play, scores, suspended selections) exactly", () => {
    let suspended = 0;
    let scored = 0;
    for (const c of CASES.live) {
      expect(roundTrip(c)).toStrictEqual(c.priced.odds);
      suspended += c.priced.odds.filter((odd) => odd.suspend === 1).length;
      scored += c.priced.odds.filter((odd) => odd.home_score > 0 || odd.away_score > 0).length;
    }
    expect(suspended).toBeGreaterThan(0);
    expect(scored).toBeGreaterThan(0);
  });

  it("round-trips settled odds of finished fixtures exactly (status and outcome)", () => {
    const outcomes = new Set<string>();
    for (const c of CASES.finished) {
      expect(roundTrip(c)).toStrictEqual(c.priced.odds);
      for (const odd of c.priced.odds) outcomes.add(odd.outcome);
    }
    expect([...outcomes].sort()).toEqual(["Lost", "Won"]);
  });

  it("keeps the JSON key order of the generated odds", () => {
    const c = pricedCase("live", 3);
    expect(JSON.stringify(roundTrip(c))).toBe(JSON.stringify(c.priced.odds));
  });

  it("keeps only the local id, prices and time, leaving trailing zeros off", () => {
    const pre = packOdds(pricedCase("pre", 1).priced.odds);
    expect(pre.every((tuple) => tuple.length === 4)).toBe(true);
    const finished = packOdds(pricedCase("finished", 1).priced.odds);
    expect(finished.every((tuple) => tuple.length === 5 && tuple[4] !== 0)).toBe(true);
    const { priced, input } = pricedCase("live", 7);
    const live = packOdds(priced.odds).filter((tuple) => tuple[0] >= 500);
    expect(live).toHaveLength(55);
    for (const tuple of live) expect(tuple.length === 4 || tuple.length >= 6).toBe(true);
    expect(packOdds(priced.odds).map((tuple) => fullOddId(tuple[0], input.fixtureId))).toEqual(priced.odds.map((odd) => odd.odd_id));
  });

  it("maps odd ids to their last three digits and back", () => {
    const fixtureId = 1_099_511_627_775;
    expect(localOddId(fixtureId * 1000 + 523, fixtureId)).toBe(523);
    expect(fullOddId(523, fixtureId)).toBe(fixtureId * 1000 + 523);
    expect(() => localOddId((fixtureId + 1) * 1000 + 1, fixtureId)).toThrow(RangeError);
    expect(() => fullOddId(1000, fixtureId)).toThrow(RangeError);
  });

  it("refuses odds whose derived fields differ from what the id and catalogue give", () => {
    const odd = pricedCase("finished", 2).priced.odds[5] as Odd;
    const variants: Odd[] = [
      { ...odd, market_name: "Renamed" },
      { ...odd, label_id: 99 },
      { ...odd, line: 4.5 },
      { ...odd, outcome: "Pending" },
      { ...odd, fixture_id: odd.fixture_id + 1 },
      { ...odd, raw: { ...odd.raw, is_betbuilder: !odd.raw.is_betbuilder } },
      { ...odd, extra: 1 } as Odd,
    ];
    for (const variant of variants) expect(() => packOdds([variant])).toThrow();
    expect(() => packOdds([odd])).not.toThrow();
    const other = pricedCase("finished", 3).priced.odds[0] as Odd;
    expect(() => packOdds([odd, other])).toThrow(/fixture/);
  });

  it("rejects unknown statuses and ids when unpacking", () => {
    expect(() => unpackOdds([[11, 2, 2, 1, 9]], 42)).toThrow(RangeError);
    expect(() => unpackOdds([[99, 2, 2, 1]], 42)).toThrow(RangeError);
  });
});

describe("packed size of a fixture's odds, movement and fair odds", () => {
  // Measured over these 80 fixtures each (JSON characters, packed vs stored as is):
  // pre ~4.4 kB (max 6.4) vs ~65 kB, live ~8.3 kB (max 9.3) vs ~111 kB, finished ~6.7 kB (max 7.5) vs ~80 kB.
  it.each([
    ["pre", 7_000],
    ["live", 10_000],
    ["finished", 8_000],
  ] as const)("%s fixtures stay below %i characters and under 12 percent of the unpacked JSON", (state, bound) => {
    for (const c of CASES[state]) {
      expect(packedSize(c)).toBeLessThan(bound);
      expect(packedSize(c) / fullSize(c)).toBeLessThan(0.12);
    }
  });
});
