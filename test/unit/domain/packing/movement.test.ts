import { describe, expect, it } from "vitest";
import type { Movement } from "../../../../src/domain/fixture-parts.js";
import { packMovement, unpackMovement } from "../../../../src/domain/packing/movement.js";
import { jsonSize, pricedCase, pricedCases, viaJson } from "./inputs.js";

const CASES = [...pricedCases("pre", 60), ...pricedCases("live", 30), ...pricedCases("finished", 60)];

describe("packMovement / unpackMovement", () => {
  it("round-trips the movement of every fixture exactly, through JSON", () => {
    for (const { priced, input } of CASES) {
      expect(unpackMovement(viaJson(packMovement(priced.movement)), input.fixtureId)).toStrictEqual(priced.movement);
    }
  });

  it("keeps the JSON key order of the generated movement", () => {
    const { priced, input } = pricedCase("finished", 4);
    expect(JSON.stringify(unpackMovement(packMovement(priced.movement), input.fixtureId))).toBe(JSON.stringify(priced.movement));
  });

  it("stores each bookmaker's timestamps once and refers to them from its other selections", () => {
    const { priced } = pricedCase("finished", 9);
    const packed = packMovement(priced.movement);
    const withTimes = packed.filter((tuple) => Array.isArray(tuple[1]));
    expect(withTimes).toHaveLength(5);
    for (const [index, tuple] of packed.entries()) {
      const times = tuple[1];
      if (typeof times === "number") expect(times).toBeLessThan(index);
      else expect(times.slice(1).every((delta) => delta > 0)).toBe(true);
    }
    const first = priced.movement[0] as Movement;
    expect(packed[0]).toEqual([
      first.odd_id % 1000,
      first.history.map((point, i) => point.timestamp - (first.history[i - 1]?.timestamp ?? 0)),
      ...first.history.map((point) => point.value),
    ]);
  });

  it("round-trips histories with their own, unsorted or empty timestamps", () => {
    const fixtureId = 1_000_000_000_123;
    const movement: Movement[] = [
      { odd_id: fixtureId * 1000 + 11, bookmaker_id: 1, market_id: 1, label_id: 2, history: [{ value: 3.1, timestamp: 100 }, { value: 3.2, timestamp: 50 }] },
      { odd_id: fixtureId * 1000 + 120, bookmaker_id: 2, market_id: 2, label_id: 4, history: [] },
      { odd_id: fixtureId * 1000 + 421, bookmaker_id: 5, market_id: 2, label_id: 5, history: [{ value: 1.9, timestamp: 100 }, { value: 2, timestamp: 50 }] },
      { odd_id: fixtureId * 1000 + 452, bookmaker_id: 5, market_id: 5, label_id: 3, history: [] },
    ];
    const packed = packMovement(movement);
    expect(packed[2]?.[1]).toBe(0);
    expect(packed[3]?.[1]).toBe(1);
    expect(unpackMovement(viaJson(packed), fixtureId)).toStrictEqual(movement);
  });

  it("refuses a movement whose bookmaker, market or label is not its odd id's", () => {
    const entry = pricedCase("pre", 2).priced.movement[20] as Movement;
    expect(() => packMovement([{ ...entry, bookmaker_id: entry.bookmaker_id + 1 }])).toThrow();
    expect(() => packMovement([{ ...entry, label_id: 99 }])).toThrow();
    expect(() => packMovement([{ ...entry, history: [{ value: 2, timestamp: 1.5 }] }])).toThrow(RangeError);
    const other = pricedCase("pre", 3).priced.movement[0] as Movement;
    expect(() => packMovement([entry, other])).toThrow(/fixture/);
  });

  it("rejects references forward and value/timestamp count mismatches", () => {
    expect(() => unpackMovement([[11, 0, 2.5]], 7)).toThrow(RangeError);
    expect(() => unpackMovement([[11, [100, 5], 2.5]], 7)).toThrow(RangeError);
  });

  it("shrinks a finished fixture's movement about eightfold", () => {
    // Measured: ~30 kB -> ~3.9 kB (max 4.8 kB) for finished and live fixtures, ~15 kB -> ~1.8 kB before kick-off.
    for (const { priced } of CASES) {
      expect(jsonSize(packMovement(priced.movement))).toBeLessThan(5_000);
      expect(jsonSize(packMovement(priced.movement)) / jsonSize(priced.movement)).toBeLessThan(0.15);
    }
  });
});
