/**
 * Merges price changes into a fixture's stored (packed) odds and movement. Works on the
 * packed tuples directly, so an update never expands and re-validates the 140 odds it does
 * not touch. An odd's `last_update` moves only when something of it changes; a new price is
 * appended to its movement history (an odd without history first records the price it had),
 * which keeps the last MOVEMENT_HISTORY_LIMIT points, like the rebuild's longest schedules.
 */
import { movementParts, unpackMovement, packMovement, type PackedMovement } from "../domain/fixture/packed-movement.js";
import { localOddId, selectionOfOddId, trimZeros, type PackedOdd } from "../domain/fixture/packed-odds.js";
import { SETTLEMENT, type Movement } from "../domain/fixture-parts.js";

/** One odd's new state; fields left out keep their stored value. A new odd needs `value`. */
export type OddChange = {
  odd_id: number;
  value?: number;
  sp?: number;
  suspend?: 0 | 1;
  status?: number;
  home_score?: number;
  away_score?: number;
};

export const MOVEMENT_HISTORY_LIMIT = 10;

export type OddsEffects = {
  /** Odds whose price changed. */
  repriced: number[];
  /** Odds that were available and are suspended now. */
  suspended: number[];
  /** Odds that were suspended and are available now. */
  restored: number[];
  /** Odds that were pending and are settled now. */
  settled: number[];
};

type Tuple = [local: number, value: number, sp: number, lastUpdate: number, status: number, suspend: number, home: number, away: number];

function fullTuple(packed: PackedOdd): Tuple {
  const [local, value, sp, lastUpdate, status = 0, suspend = 0, home = 0, away = 0] = packed;
  return [local, value, sp, lastUpdate, status, suspend, home, away];
}

export function mergeOdds(
  fixtureId: number,
  stored: { odds: readonly PackedOdd[]; movement: readonly PackedMovement[] },
  changes: readonly OddChange[],
  nowUnix: number,
): { odds: PackedOdd[]; movement: PackedMovement[]; effects: OddsEffects; changed: boolean } {
  const effects: OddsEffects = { repriced: [], suspended: [], restored: [], settled: [] };
  /** Whether any odd was added or differs (a change that restates a stored odd is no change). */
  let changed = false;
  const tuples = stored.odds.map(fullTuple);
  const byLocal = new Map(tuples.map((tuple, index) => [tuple[0], index]));
  const moves: Array<{ oddId: number; from: { value: number; timestamp: number }; to: number }> = [];

  for (const change of changes) {
    const local = localOddId(change.odd_id, fixtureId);
    selectionOfOddId(change.odd_id); // refuses an id the catalogue does not know
    const index = byLocal.get(local);
    const before = index === undefined ? null : tuples[index]!;
    if (!before && change.value === undefined) continue;
    const value = change.value ?? before![1];
    const next: Tuple = [
      local,
      value,
      change.sp ?? before?.[2] ?? value,
      before?.[3] ?? nowUnix,
      change.status ?? before?.[4] ?? SETTLEMENT.PENDING,
      change.suspend ?? before?.[5] ?? 0,
      change.home_score ?? before?.[6] ?? 0,
      change.away_score ?? before?.[7] ?? 0,
    ];
    if (before && next.every((field, i) => i === 3 || Object.is(field, before[i]))) continue;
    changed = true;
    next[3] = nowUnix;
    if (before) {
      if (before[1] !== value) {
        effects.repriced.push(change.odd_id);
        moves.push({ oddId: change.odd_id, from: { value: before[1], timestamp: before[3] }, to: value });
      }
      if (before[5] === 0 && next[5] === 1) effects.suspended.push(change.odd_id);
      if (before[5] === 1 && next[5] === 0) effects.restored.push(change.odd_id);
      if (before[4] === SETTLEMENT.PENDING && next[4] !== SETTLEMENT.PENDING) effects.settled.push(change.odd_id);
      tuples[index!] = next;
    } else {
      byLocal.set(local, tuples.length);
      tuples.push(next);
    }
  }
  return {
    odds: tuples.map((tuple) => trimZeros([...tuple])),
    movement: moves.length === 0 ? [...stored.movement] : withMoves(fixtureId, stored.movement, moves, nowUnix),
    effects,
    changed,
  };
}

function withMoves(
  fixtureId: number,
  packed: readonly PackedMovement[],
  moves: ReadonlyArray<{ oddId: number; from: { value: number; timestamp: number }; to: number }>,
  nowUnix: number,
): PackedMovement[] {
  const movement = unpackMovement(packed, fixtureId);
  const byOdd = new Map(movement.map((entry) => [entry.odd_id, entry]));
  for (const move of moves) {
    let entry = byOdd.get(move.oddId);
    if (!entry) {
      entry = newMovement(move.oddId, move.from);
      byOdd.set(move.oddId, entry);
      movement.push(entry);
    }
    const last = entry.history.at(-1);
    // Oldest first with strictly increasing timestamps: a second change within the same second replaces the first.
    if (last && last.timestamp >= nowUnix) last.value = move.to;
    else entry.history.push({ value: move.to, timestamp: nowUnix });
    if (entry.history.length > MOVEMENT_HISTORY_LIMIT) entry.history.splice(0, entry.history.length - MOVEMENT_HISTORY_LIMIT);
  }
  return packMovement(movement);
}

function newMovement(oddId: number, first: { value: number; timestamp: number }): Movement {
  return { odd_id: oddId, ...movementParts(oddId), history: [{ ...first }] };
}
