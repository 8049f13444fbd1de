/**
 * The match clock: periods with added time and real start/end times, and their minute slots.
 *
 * Period ids are `fixtureId * 10 + n` with n = 1 first half, 2 second half, 3 extra time 1st,
 * 4 extra time 2nd, 5 penalties: stable per fixture and safe integers, since fixture ids are
 * below 2^48 (stable-id.ts).
 *
 * Minutes are global (docs/api-behaviour.md, "Trends"): the first half runs 1..45+added,
 * the second 45..90+added, extra time 90..105+ and 105..120+. Slot k of a period covers its
 * elapsed seconds [60k, 60k + 60), the last slot reaching the final whistle. So the first half
 * has 45 + added slots (minute m = elapsed minute m - 1, as a clock shows it), and every later
 * period one more: minute 45 is the second half's first minute of play (counts_from + elapsed
 * minutes), and the last slot holds the seconds a referee plays beyond the added time.
 */
import type { PeriodName } from "../../fixture-parts.js";
import type { Random } from "../random.js";
import type { ScriptPeriod, Slot } from "./types.js";

const HALF_TIME_BREAK = 15 * 60;
const EXTRA_TIME_BREAK = 5 * 60;
/** Teams change ends between the extra-time halves without a real break. */
const EXTRA_TIME_TURNAROUND = 60;
const PENALTIES_BREAK = 4 * 60;

const ADDED_FIRST_HALF = [0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4, 4, 5];
const ADDED_SECOND_HALF = [1, 2, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 7, 8];
const ADDED_EXTRA_TIME = [0, 1, 1, 1, 2, 2, 3];

type Shape = { n: ScriptPeriod["n"]; name: PeriodName; countsFrom: number; length: number; added: number[]; breakBefore: number };

const OPEN_PLAY: readonly Shape[] = [
  { n: 1, name: "1ST_HALF", countsFrom: 0, length: 45, added: ADDED_FIRST_HALF, breakBefore: 0 },
  { n: 2, name: "2ND_HALF", countsFrom: 45, length: 45, added: ADDED_SECOND_HALF, breakBefore: HALF_TIME_BREAK },
  { n: 3, name: "EXTRA_TIME_1ST", countsFrom: 90, length: 15, added: ADDED_EXTRA_TIME, breakBefore: EXTRA_TIME_BREAK },
  { n: 4, name: "EXTRA_TIME_2ND", countsFrom: 105, length: 15, added: ADDED_EXTRA_TIME, breakBefore: EXTRA_TIME_TURNAROUND },
];

export type Clock = {
  periods: ScriptPeriod[];
  slots: Slot[];
  /** Unix seconds of each shoot-out kick, in order. */
  kickTimes: number[];
  endUnix: number;
};

export function periodId(fixtureId: number, n: ScriptPeriod["n"]): number {
  return fixtureId * 10 + n;
}

/** The first minute of a period's trends: 1 for the first half, else counts_from. */
export function firstMinute(period: Pick<ScriptPeriod, "n" | "countsFrom">): number {
  return period.n === 1 ? 1 : period.countsFrom;
}

export function buildClock(
  rng: Random,
  fixtureId: number,
  kickoffUnix: number,
  extraTime: boolean,
  kickCount: number | null,
): Clock {
  const periods: ScriptPeriod[] = [];
  const slots: Slot[] = [];
  let cursor = kickoffUnix;
  for (const shape of OPEN_PLAY.slice(0, extraTime ? 4 : 2)) {
    const added = rng.pick(shape.added);
    // Referees rarely whistle on the second; later periods keep at least a few seconds for their
    // last slot, which starts when the added time is up.
    const overrun = shape.n === 1 ? rng.int(0, 45) : rng.int(5, 50);
    const duration = (shape.length + added) * 60 + overrun;
    const startUnix = cursor + shape.breakBefore;
    const slotCount = shape.length + added + (shape.n === 1 ? 0 : 1);
    const index = periods.length;
    const period: ScriptPeriod = {
      n: shape.n,
      name: shape.name,
      periodId: periodId(fixtureId, shape.n),
      sortOrder: index + 1,
      countsFrom: shape.countsFrom,
      length: shape.length,
      added,
      startUnix,
      endUnix: startUnix + duration,
      firstSlot: slots.length,
      slotCount,
    };
    for (let k = 0; k < slotCount; k++) {
      const end = k === slotCount - 1 ? duration : (k + 1) * 60;
      slots.push({ period: index, minute: firstMinute(period) + k, startUnix: startUnix + k * 60, weight: (end - k * 60) / 60 });
    }
    periods.push(period);
    cursor = period.endUnix;
  }
  const kickTimes: number[] = [];
  if (kickCount !== null) {
    const startUnix = cursor + PENALTIES_BREAK;
    let at = startUnix + rng.int(30, 60);
    for (let i = 0; i < kickCount; i++) {
      kickTimes.push(at);
      at += rng.int(40, 70);
    }
    const last = periods[periods.length - 1];
    periods.push({
      n: 5,
      name: "PENALTIES",
      periodId: periodId(fixtureId, 5),
      sortOrder: periods.length + 1,
      countsFrom: last ? last.countsFrom + last.length : 90,
      length: 0,
      added: 0,
      startUnix,
      endUnix: (kickTimes[kickTimes.length - 1] ?? startUnix) + 30,
      firstSlot: slots.length,
      slotCount: 0,
    });
  }
  const lastPeriod = periods[periods.length - 1];
  return { periods, slots, kickTimes, endUnix: lastPeriod ? lastPeriod.endUnix : cursor };
}
