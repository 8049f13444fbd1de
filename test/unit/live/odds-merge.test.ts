import { describe, expect, it } from "vitest";
import { unpackMovement } from "../../../src/domain/fixture/packed-movement.js";
import type { PackedOdd } from "../../../src/domain/fixture/packed-odds.js";
import { mergeOdds, MOVEMENT_HISTORY_LIMIT } from "../../../src/live/odds-merge.js";

const FIXTURE = 42;
/** Fulltime Result, bookmaker 1: pre-match Home (local 10) and its live twin (local 510). */
const PRE_HOME = FIXTURE * 1000 + 10;
const LIVE_HOME = FIXTURE * 1000 + 510;
const stored = { odds: [[10, 2.1, 2.1, 1000] as PackedOdd], movement: [] };

describe("mergeOdds", () => {
  it("reprices an odd, stamps last_update and starts its movement with the price it had", () => {
    const merged = mergeOdds(FIXTURE, stored, [{ odd_id: PRE_HOME, value: 2.3 }], 2000);
    expect(merged.odds).toEqual([[10, 2.3, 2.1, 2000]]);
    expect(merged.effects.repriced).toEqual([PRE_HOME]);
    expect(unpackMovement(merged.movement, FIXTURE)[0]!.history).toEqual([
      { value: 2.1, timestamp: 1000 },
      { value: 2.3, timestamp: 2000 },
    ]);
  });

  it("leaves an odd and its last_update alone when nothing of it changes", () => {
    const merged = mergeOdds(FIXTURE, stored, [{ odd_id: PRE_HOME, value: 2.1, suspend: 0 }], 2000);
    expect(merged.odds).toEqual(stored.odds);
    expect(merged.effects).toEqual({ repriced: [], suspended: [], restored: [], settled: [] });
  });

  it("reports suspension, restoration and settlement", () => {
    const suspended = mergeOdds(FIXTURE, stored, [{ odd_id: PRE_HOME, suspend: 1 }], 2000);
    expect(suspended.effects.suspended).toEqual([PRE_HOME]);
    expect(suspended.odds).toEqual([[10, 2.1, 2.1, 2000, 0, 1]]);
    const restored = mergeOdds(FIXTURE, { odds: suspended.odds, movement: [] }, [{ odd_id: PRE_HOME, suspend: 0, status: 1 }], 3000);
    expect(restored.effects.restored).toEqual([PRE_HOME]);
    expect(restored.effects.settled).toEqual([PRE_HOME]);
  });

  it("adds a new odd with a price and ignores one without", () => {
    const merged = mergeOdds(FIXTURE, stored, [{ odd_id: LIVE_HOME, value: 1.9, home_score: 1 }, { odd_id: FIXTURE * 1000 + 520, suspend: 1 }], 2000);
    expect(merged.odds).toEqual([[10, 2.1, 2.1, 1000], [510, 1.9, 1.9, 2000, 0, 0, 1]]);
  });

  it("keeps at most MOVEMENT_HISTORY_LIMIT points, the newest, and one point per second", () => {
    let state: { odds: PackedOdd[]; movement: ReturnType<typeof mergeOdds>["movement"] } = { odds: [...stored.odds], movement: [] };
    for (let i = 1; i <= MOVEMENT_HISTORY_LIMIT + 5; i++) state = mergeOdds(FIXTURE, state, [{ odd_id: PRE_HOME, value: 2 + i / 100 }], 1000 + i);
    state = mergeOdds(FIXTURE, state, [{ odd_id: PRE_HOME, value: 3 }], 1000 + MOVEMENT_HISTORY_LIMIT + 5);
    const history = unpackMovement(state.movement, FIXTURE)[0]!.history;
    expect(history).toHaveLength(MOVEMENT_HISTORY_LIMIT);
    expect(history.at(-1)).toEqual({ value: 3, timestamp: 1000 + MOVEMENT_HISTORY_LIMIT + 5 });
    expect(history.map((point) => point.timestamp)).toEqual([...history.map((point) => point.timestamp)].sort((a, b) => a - b));
  });

  it("refuses an odd of another fixture", () => {
    expect(() => mergeOdds(FIXTURE, stored, [{ odd_id: 43_010, value: 2 }], 2000)).toThrow(/does not belong to fixture 42/);
  });
});
