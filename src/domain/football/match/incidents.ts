/**
 * The planned incidents of one team, as slot indices: missed penalties, injuries and
 * substitutions (at most five, mostly in windows after minute 55, sometimes at half-time or
 * straight after an early injury).
 */
import type { Random } from "../random.js";
import { clamp, cumulative, pickWeighted } from "./sampling.js";
import type { ScriptPeriod, Slot } from "./types.js";

export type Incidents = { misses: number[]; injuries: number[]; substitutions: number[] };

/** Minutes of a typical 90-minute match with its added time. */
const NOMINAL_MINUTES = 98;
const MISSED_PENALTIES_PER_MATCH = 0.05;
const INJURIES_PER_MATCH = 0.9;
const MAX_SUBSTITUTIONS = 5;
const SUBSTITUTION_COUNTS = [2, 3, 3, 4, 4, 4, 5, 5, 5, 5, 5];
const EARLY_INJURY_SUBSTITUTION = 0.35;

/** The slot of a global minute in a period, clamped into the period. */
function slotAt(period: ScriptPeriod, minute: number): number {
  const first = period.n === 1 ? 1 : period.countsFrom;
  return period.firstSlot + clamp(minute - first, 0, period.slotCount - 1);
}

function substitutionWindows(rng: Random, secondHalf: ScriptPeriod): number[] {
  const windows = [
    rng.chance(0.2) ? secondHalf.countsFrom : rng.int(55, 68),
    rng.int(63, 78),
    rng.int(74, 88),
  ].sort((a, b) => a - b);
  return windows.slice(0, rng.pick([2, 3, 3])).map((minute) => slotAt(secondHalf, minute));
}

function planSubstitutions(rng: Random, periods: readonly ScriptPeriod[], slots: readonly Slot[], injuries: readonly number[]): number[] {
  const secondHalf = periods[1];
  if (!secondHalf) return [];
  const subs: number[] = [];
  for (const slot of injuries) {
    const minute = slots[slot]?.minute ?? 90;
    const period = periods[slots[slot]?.period ?? 0];
    if (period && period.n <= 2 && minute < 55 && rng.chance(EARLY_INJURY_SUBSTITUTION)) {
      subs.push(Math.min(slot + 1, period.firstSlot + period.slotCount - 1));
    }
  }
  let planned = Math.max(0, rng.pick(SUBSTITUTION_COUNTS) - subs.length);
  const windows = substitutionWindows(rng, secondHalf);
  // Every window brings at least one player on; the rest go to random windows.
  for (let i = 0; i < windows.length && planned > 0; i++, planned--) subs.push(windows[i] ?? secondHalf.firstSlot);
  for (; planned > 0; planned--) subs.push(rng.pick(windows));
  const extra = periods.find((period) => period.n === 3);
  if (extra && subs.length < MAX_SUBSTITUTIONS && rng.chance(0.6)) {
    const last = periods.find((period) => period.n === 4) ?? extra;
    subs.push(extra.firstSlot + rng.int(1, last.firstSlot + last.slotCount - 1 - extra.firstSlot));
  }
  return subs.slice(0, MAX_SUBSTITUTIONS).sort((a, b) => a - b);
}

export function planIncidents(rng: Random, periods: readonly ScriptPeriod[], slots: readonly Slot[], expectedGoals: number): Incidents {
  const totals = cumulative(slots.map((slot) => slot.weight));
  const matchShare = (totals[totals.length - 1] ?? 0) / NOMINAL_MINUTES;
  const place = (count: number): number[] => Array.from({ length: count }, () => pickWeighted(rng, totals)).sort((a, b) => a - b);
  const misses = place(rng.poisson(MISSED_PENALTIES_PER_MATCH * matchShare * Math.sqrt(expectedGoals / 1.35)));
  const injuries = place(rng.poisson(INJURIES_PER_MATCH * matchShare));
  return { misses, injuries, substitutions: planSubstitutions(rng, periods, slots, injuries) };
}
