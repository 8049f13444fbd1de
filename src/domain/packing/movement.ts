/**
 * Compact storage form of a fixture's odds movement: one tuple per pre-match odd,
 *
 *   [local_id, times, v0, v1, v2, ...]
 *
 * - local_id: the odd id's last three digits (see odds.ts; the fixture id comes from the
 *   document, `unpackMovement`'s argument).
 * - times: the history's timestamps as [t0, dt1, dt2, ...] (Unix seconds, then differences to
 *   the previous one), or, when an earlier tuple of the list has exactly the same timestamps,
 *   that tuple's index. All selections of one bookmaker are updated together, so 1 in 17
 *   tuples carries its timestamps.
 * - v0, v1, ...: the prices, oldest first.
 *
 * bookmaker_id, market_id and label_id are rebuilt from the odd id; `packMovement` throws on a
 * movement whose bookmaker, market or label is not the one its odd id stands for.
 */
import { oddIdParts } from "../../enrich/odds/odd-id.js";
import type { Movement } from "../fixture-parts.js";
import { fullOddId, localOddId, selectionOfOddId } from "./odds.js";

/** [t0, dt1, dt2, ...], or the index of an earlier tuple with the same timestamps. */
export type PackedTimes = number[] | number;
export type PackedMovement = [localId: number, times: PackedTimes, ...values: number[]];

/** Packs the movement of one fixture (all odd ids must share their fixture id). */
export function packMovement(movement: readonly Movement[]): PackedMovement[] {
  const firstWithTimes = new Map<string, number>();
  const listFixtureId = movement[0] ? oddIdParts(movement[0].odd_id).fixtureId : 0;
  return movement.map((entry, index) => {
    const { fixtureId } = oddIdParts(entry.odd_id);
    if (fixtureId !== listFixtureId) throw new Error(`packMovement: odd ${entry.odd_id} is not of fixture ${listFixtureId}`);
    const derived = movementParts(entry.odd_id);
    if (derived.bookmaker_id !== entry.bookmaker_id || derived.market_id !== entry.market_id || derived.label_id !== entry.label_id) {
      throw new Error(`packMovement: movement of odd ${entry.odd_id} has a bookmaker, market or label other than its odd id's`);
    }
    if (Object.keys(entry).length !== 5) throw new Error(`packMovement: movement of odd ${entry.odd_id} has unexpected fields`);
    const deltas: number[] = [];
    const values: number[] = [];
    let previous = 0;
    for (const point of entry.history) {
      if (Object.keys(point).length !== 2) throw new Error(`packMovement: odd ${entry.odd_id} has a history point with unexpected fields`);
      const delta = point.timestamp - previous;
      if (!Number.isSafeInteger(point.timestamp) || previous + delta !== point.timestamp) {
        throw new RangeError(`packMovement: odd ${entry.odd_id}: timestamp ${point.timestamp} cannot be delta-encoded exactly`);
      }
      deltas.push(delta);
      values.push(point.value);
      previous = point.timestamp;
    }
    const key = deltas.join(",");
    const earlier = firstWithTimes.get(key);
    if (earlier === undefined) firstWithTimes.set(key, index);
    return [localOddId(entry.odd_id, fixtureId), earlier ?? deltas, ...values];
  });
}

/** The movement back; `fixtureId` is the fixture the packed movement was stored with. */
export function unpackMovement(packed: readonly PackedMovement[], fixtureId: number): Movement[] {
  const timestampsOf: number[][] = [];
  return packed.map((tuple, index) => {
    const [local, times, ...values] = tuple;
    const oddId = fullOddId(local, fixtureId);
    const timestamps = typeof times === "number" ? timestampsOf[times] : running(times);
    if (!timestamps || typeof times === "number" && times >= index) {
      throw new RangeError(`unpackMovement: odd ${oddId} refers to timestamps of tuple ${String(times)}, which is not an earlier one`);
    }
    if (timestamps.length !== values.length) {
      throw new RangeError(`unpackMovement: odd ${oddId} has ${timestamps.length} timestamps for ${values.length} values`);
    }
    timestampsOf[index] = timestamps;
    const history = values.map((value, i) => ({ value, timestamp: timestamps[i] as number }));
    return { odd_id: oddId, ...movementParts(oddId), history };
  });
}

function running(deltas: readonly number[]): number[] {
  let sum = 0;
  return deltas.map((delta) => (sum += delta));
}

/** A movement entry's fields that follow from its odd id. */
export function movementParts(oddId: number): Pick<Movement, "bookmaker_id" | "market_id" | "label_id"> {
  const { bookmakerId } = oddIdParts(oddId);
  const { market, label } = selectionOfOddId(oddId);
  return { bookmaker_id: bookmakerId, market_id: market.id, label_id: label.id };
}
