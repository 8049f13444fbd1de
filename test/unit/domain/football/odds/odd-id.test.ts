import { describe, expect, it } from "vitest";
import { MAX_FIXTURE_ID_FOR_ODDS, oddId, oddIdParts } from "../../../../../src/domain/football/odds/odd-id.js";
import { priceFixture } from "../../../../../src/domain/football/odds/price-fixture.js";
import { fixtureInput } from "./fixture-input.js";

describe("odd ids", () => {
  it("are unique across many fixtures, pre-match and live, including neighbouring and very large fixture ids", () => {
    const base = fixtureInput();
    const fixtureIds = [
      ...Array.from({ length: 150 }, (_, i) => i + 1),
      ...Array.from({ length: 50 }, (_, i) => 2 ** 40 + i),
      MAX_FIXTURE_ID_FOR_ODDS - 1,
      MAX_FIXTURE_ID_FOR_ODDS,
    ];
    const seen = new Set<number>();
    let count = 0;
    for (const fixtureId of fixtureIds) {
      const { odds } = priceFixture({
        ...base,
        seed: `odds:${fixtureId}`,
        fixtureId,
        state: "live",
        live: { minute: 50, homeGoals: 1, awayGoals: 1 },
      });
      for (const odd of odds) {
        expect(Number.isSafeInteger(odd.odd_id)).toBe(true);
        expect(oddIdParts(odd.odd_id)).toMatchObject({ fixtureId, isLive: odd.is_live, bookmakerId: odd.bookmaker_id, marketId: odd.market_id });
        seen.add(odd.odd_id);
        count++;
      }
    }
    expect(count).toBe(fixtureIds.length * 140);
    expect(seen.size).toBe(count);
  });

  it("round-trips through their parts", () => {
    const parts = { fixtureId: 123_456_789, isLive: 1 as const, bookmakerId: 5, marketId: 2, slot: 5 };
    expect(oddId(parts)).toBe(123_456_789_000 + 500 + 400 + 20 + 5);
    expect(oddIdParts(oddId(parts))).toEqual(parts);
  });

  it("refuses fixture ids that would make odd ids lose precision, and parts out of range", () => {
    const parts = { fixtureId: MAX_FIXTURE_ID_FOR_ODDS + 1, isLive: 0 as const, bookmakerId: 1, marketId: 1, slot: 0 };
    expect(() => oddId(parts)).toThrow(RangeError);
    expect(() => oddId({ ...parts, fixtureId: 1, bookmakerId: 6 })).toThrow(/bookmaker/);
    expect(() => oddId({ ...parts, fixtureId: 1, slot: 10 })).toThrow(/slot/);
  });
});
