import { describe, expect, it } from "vitest";
import type { FairOdd } from "../../../../src/domain/fixture-parts.js";
import { packFairOdds, unpackFairOdds } from "../../../../src/domain/packing/fair-odds.js";
import { jsonSize, pricedCase, pricedCases, viaJson } from "./inputs.js";

const CASES = [...pricedCases("pre", 100), ...pricedCases("live", 50), ...pricedCases("finished", 100)];

describe("packFairOdds / unpackFairOdds", () => {
  it("round-trips every fixture's fair odds exactly, through JSON, in key order", () => {
    for (const { priced } of CASES) {
      const back = unpackFairOdds(viaJson(packFairOdds(priced.fairOdds)));
      expect(back).toStrictEqual(priced.fairOdds);
      expect(JSON.stringify(back)).toBe(JSON.stringify(priced.fairOdds));
    }
  });

  it("keeps model_id and updated_at once and the line only for over/under entries", () => {
    const { priced } = pricedCase("pre", 3);
    const packed = packFairOdds(priced.fairOdds);
    expect(packed).toMatchObject({ model_id: 1, updated_at: priced.fairOdds[0]?.updated_at });
    expect(packed?.entries).toHaveLength(17);
    expect(packed?.entries.filter((entry) => entry.length === 4).map((entry) => entry[3])).toEqual([1.5, 1.5, 2.5, 2.5, 3.5, 3.5]);
    expect(packed?.entries[3]).toEqual([2, 4, priced.fairOdds[3]?.probability, 1.5]);
  });

  it("rebuilds fair_value with the generator's rounding, including probabilities at the clamps", () => {
    const fair = pricedCase("pre", 0).priced.fairOdds[0] as FairOdd;
    for (const probability of [0.0001, 0.9999, 0.3333, 0.0007, 0.6667, 0.1234]) {
      const list = [{ ...fair, probability, fair_value: Math.round((1 / probability) * 100) / 100 }];
      expect(unpackFairOdds(packFairOdds(list))).toStrictEqual(list);
    }
  });

  it("gives null for no fair odds and unpacks null to none", () => {
    expect(packFairOdds([])).toBeNull();
    expect(unpackFairOdds(null)).toEqual([]);
  });

  it("refuses lists it cannot rebuild exactly", () => {
    const list = pricedCase("pre", 5).priced.fairOdds;
    const second = list[1] as FairOdd;
    const change = (patch: Partial<FairOdd>): FairOdd[] => list.map((fair, i) => (i === 1 ? { ...fair, ...patch } : fair));
    expect(() => packFairOdds(change({ model_id: 2 }))).toThrow();
    expect(() => packFairOdds(change({ updated_at: "2020-01-01T00:00:00.000Z" }))).toThrow();
    expect(() => packFairOdds(change({ fair_value: second.fair_value + 0.01 }))).toThrow();
    expect(() => packFairOdds(change({ label_name: "Over 9.5" }))).toThrow();
    expect(() => packFairOdds(change({ market_name: "Renamed" }))).toThrow();
  });

  it("is about a tenth of the stored form", () => {
    // Measured: 2,929-2,935 -> 308-312 JSON characters per fixture.
    for (const { priced } of CASES) expect(jsonSize(packFairOdds(priced.fairOdds))).toBeLessThan(330);
  });
});
