import { Random } from "../../domain/football/random.js";
import { ceilQuarterHour, floorQuarterHour, localHourOf, MINUTE_MS, QUARTER_HOUR_MS } from "../../domain/time/zoned-time.js";

/**
 * Shapes the hours around `now` so every match is cleanly finished, in play or not started, and
 * the API's time windows all have something in them. Only matches of the current rounds move.
 *
 * - In play: a deterministic number T of matches (12 to 16 with a realistic league list, never
 *   more than 40% of the current rounds) kicks off between now - 110' and now - 1'. Up to T/2 keep
 *   their own kick-off when it already falls there (a Saturday afternoon); the others move to the
 *   quarter hours of that interval, taken in turn from the first half, half time (45' to 65'
 *   since kick-off) and the second half, so all three phases are covered.
 * - Quiet band: no other match kicks off from now - 150' to now + 10'. One that would moves to
 *   the nearest quarter hour outside it, keeping the 15-minute grid.
 * - Upcoming: each band (now, 3 h], (3 h, 6 h], (6 h, 12 h], (12 h, 24 h], (24 h, 48 h] gets at
 *   least 2 or 3 matches; missing ones are current-round matches moved to a quarter hour of the
 *   band, preferring local kick-offs from 12:00 to 21:45. The next rounds fill 48 h to 168 h.
 * Moved matches are preferably ones whose own kick-off lies outside (now - 150', now + 48 h], so a
 * move never empties another band, and at a local hour fit for football; the choice is seeded.
 */

export type SlateEntry = {
  kickoff: number;
  timeZone: string;
  /** In the round played on the weekend nearest to now. */
  current: boolean;
  inPlay: boolean;
};

export const IN_PLAY_EARLIEST_MS = 110 * MINUTE_MS;
export const IN_PLAY_LATEST_MS = 1 * MINUTE_MS;
export const QUIET_BEFORE_MS = 150 * MINUTE_MS;
export const QUIET_AFTER_MS = 10 * MINUTE_MS;
export const UPCOMING_BAND_HOURS = [3, 6, 12, 24, 48] as const;

const HOUR_MS = 60 * MINUTE_MS;
const MAX_IN_PLAY_SHARE = 0.4;

export function arrangeAroundNow(entries: readonly SlateEntry[], now: number, seed: string): void {
  const random = new Random(seed);
  const pool = random.shuffle(entries.filter((entry) => entry.current));
  const target = Math.min(random.int(12, 16), Math.floor(pool.length * MAX_IN_PLAY_SHARE));
  const used = new Set<SlateEntry>();
  const keepsItsTime = (entry: SlateEntry): boolean =>
    entry.kickoff > now - QUIET_BEFORE_MS && entry.kickoff <= now + 48 * HOUR_MS;

  // In play: first the matches already kicking off in the interval, then moved ones.
  const natural = pool.filter((e) => e.kickoff >= now - IN_PLAY_EARLIEST_MS && e.kickoff <= now - IN_PLAY_LATEST_MS);
  for (const entry of natural.slice(0, Math.floor(target / 2))) {
    entry.inPlay = true;
    used.add(entry);
  }
  const marks = inPlayMarks(now, random);
  for (let i = used.size, turn = 0; i < target && marks.length > 0; i++, turn++) {
    const mark = marks[turn % marks.length] as number;
    const entry = take(pool, used, keepsItsTime, (e) => isFootballHour(mark, e.timeZone, 11, 21));
    if (!entry) break;
    entry.kickoff = mark;
    entry.inPlay = true;
  }

  // Quiet band.
  const before = floorQuarterHour(now - QUIET_BEFORE_MS);
  const after = ceilQuarterHour(now + QUIET_AFTER_MS + 1);
  for (const entry of entries) {
    if (entry.inPlay || entry.kickoff <= before || entry.kickoff >= after) continue;
    entry.kickoff = entry.kickoff - before <= after - entry.kickoff ? before : after;
  }

  // Upcoming bands.
  let lower = 0;
  for (const hours of UPCOMING_BAND_HOURS) {
    const from = lower === 0 ? after : ceilQuarterHour(now + lower * HOUR_MS + 1);
    const to = floorQuarterHour(now + hours * HOUR_MS);
    const inBand = (kickoff: number): boolean => kickoff > now + lower * HOUR_MS && kickoff <= now + hours * HOUR_MS;
    const wanted = 2 + random.int(0, 1);
    let count = entries.filter((e) => !e.inPlay && inBand(e.kickoff)).length;
    const bandMarks: number[] = [];
    for (let mark = from; mark <= to; mark += QUARTER_HOUR_MS) bandMarks.push(mark);
    while (count < wanted && bandMarks.length > 0) {
      const entry = take(pool, used, keepsItsTime, (e) => bandMarks.some((m) => isFootballHour(m, e.timeZone, 12, 21)));
      if (!entry) break;
      const fitting = bandMarks.filter((m) => isFootballHour(m, entry.timeZone, 12, 21));
      entry.kickoff = random.pick(fitting.length > 0 ? fitting : bandMarks);
      count++;
    }
    lower = hours;
  }
}

/** Quarter hours from now - 110' to now - 1', ordered first half, half time, second half, again. */
function inPlayMarks(now: number, random: Random): number[] {
  const phases: number[][] = [[], [], []];
  for (let mark = ceilQuarterHour(now - IN_PLAY_EARLIEST_MS); mark <= now - IN_PLAY_LATEST_MS; mark += QUARTER_HOUR_MS) {
    const minutes = (now - mark) / MINUTE_MS;
    (phases[minutes < 45 ? 0 : minutes <= 65 ? 1 : 2] as number[]).push(mark);
  }
  const shuffled = phases.map((marks) => random.shuffle(marks));
  const ordered: number[] = [];
  for (let i = 0; ordered.length < shuffled.flat().length; i++) {
    for (const marks of shuffled) if (i < marks.length) ordered.push(marks[i] as number);
  }
  return ordered;
}

function isFootballHour(instant: number, timeZone: string, firstHour: number, lastHour: number): boolean {
  const hour = localHourOf(instant, timeZone);
  return hour >= firstHour && hour <= lastHour;
}

/**
 * The first unused pool entry, best first: outside the protected hours and at a fitting local
 * time; then either one; then any.
 */
function take(
  pool: readonly SlateEntry[],
  used: Set<SlateEntry>,
  keepsItsTime: (entry: SlateEntry) => boolean,
  fits: (entry: SlateEntry) => boolean,
): SlateEntry | undefined {
  const passes: Array<(entry: SlateEntry) => boolean> = [
    (e) => !keepsItsTime(e) && fits(e),
    (e) => fits(e),
    (e) => !keepsItsTime(e),
    () => true,
  ];
  for (const accept of passes) {
    const entry = pool.find((e) => !used.has(e) && !e.inPlay && accept(e));
    if (entry) {
      used.add(entry);
      return entry;
    }
  }
  return undefined;
}
