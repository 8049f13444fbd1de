import { describe, expect, it } from "vitest";
import { ALL_LABELS, ALL_MARKETS, BOOKMAKERS, SELECTIONS } from "../../../../../src/domain/football/odds/markets.js";

describe("the odds catalogue", () => {
  it("numbers bookmakers 1-5 with margins from 4 to 8%", () => {
    expect(BOOKMAKERS.map((b) => b.id)).toEqual([1, 2, 3, 4, 5]);
    for (const bookmaker of BOOKMAKERS) {
      expect(bookmaker.margin).toBeGreaterThanOrEqual(0.04);
      expect(bookmaker.margin).toBeLessThanOrEqual(0.08);
    }
  });

  it("keeps market and label ids stable and unique", () => {
    expect(ALL_MARKETS.map((m) => [m.id, m.name])).toEqual([
      [1, "Fulltime Result"],
      [2, "Over/Under"],
      [3, "Both Teams To Score"],
      [4, "Double Chance"],
      [5, "Half Time Result"],
    ]);
    expect(ALL_LABELS.map((l) => `${l.id} ${l.name}`)).toEqual([
      "1 Home", "2 Draw", "3 Away", "4 Over", "5 Under", "6 Yes", "7 No", "8 1X", "9 12", "10 X2",
    ]);
  });

  it("gives every selection a slot unique within its market, so odd ids cannot collide", () => {
    const keys = SELECTIONS.map((s) => `${s.market.id}:${s.slot}`);
    expect(new Set(keys).size).toBe(SELECTIONS.length);
    expect(SELECTIONS).toHaveLength(17);
    for (const s of SELECTIONS) expect(s.slot).toBeLessThan(10);
  });
});
