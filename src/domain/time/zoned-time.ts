/**
 * Wall-clock arithmetic in IANA zones with Intl only (no Temporal yet in Node 22/24).
 * A local date is a plain { year, month, day }; instants are epoch milliseconds.
 */

export type LocalDate = { year: number; month: number; day: number };

const MINUTE_MS = 60_000;
const QUARTER_HOUR_MS = 15 * MINUTE_MS;
const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();

/**
 * The most offsets kept. A rebuild walks its seasons in order and a service runs for months: the
 * quarter hours they ask about keep coming, and a cache that kept them all would grow with
 * history (at a few million fixtures, to much of the rebuild's fixed old space). Emptied when
 * full: the next calls pay Intl again until the slots in use are back, a few hundred calls.
 */
export const OFFSET_CACHE_LIMIT = 8_192;

/** How many offsets are kept now (for tests: the cache stays within its limit). */
export function cachedOffsets(): number {
  return offsets.size;
}

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock of `timeZone` at `instant`, written as if it were UTC (epoch ms). */
function wallClockAt(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0);
}

/**
 * Offset of `timeZone` from UTC at `instant` in ms (east positive). Zones change offset only at
 * whole quarter hours, so one answer per zone and quarter hour is cached (at most
 * `OFFSET_CACHE_LIMIT`): schedules reuse the same few kick-off slots, which keeps Intl calls to a
 * few thousand even for 100,000 fixtures.
 */
export function offsetAt(instant: number, timeZone: string): number {
  const bucket = Math.floor(instant / QUARTER_HOUR_MS);
  const key = `${timeZone}|${bucket}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const start = bucket * QUARTER_HOUR_MS;
    offset = wallClockAt(start, timeZone) - start;
    if (offsets.size >= OFFSET_CACHE_LIMIT) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/**
 * The instant at which the wall clock of `timeZone` shows `date` `hour`:`minute`. A time that
 * occurs twice (autumn change) takes the first occurrence; one that does not exist (spring
 * change) moves forward by the gap, like Temporal's "compatible" disambiguation.
 */
export function zonedToUtc(date: LocalDate, hour: number, minute: number, timeZone: string): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  // At most one offset change around a day: try the offsets a day before and a day after.
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  if (offsetAt(wall - before, timeZone) === before) return wall - before;
  if (offsetAt(wall - after, timeZone) === after) return wall - after;
  return wall - before;
}

/** The local calendar date of `instant` in `timeZone`. */
export function localDateOf(instant: number, timeZone: string): LocalDate {
  const wall = new Date(instant + offsetAt(instant, timeZone));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

/** The local hour (0-23) of `instant` in `timeZone`. */
export function localHourOf(instant: number, timeZone: string): number {
  return new Date(instant + offsetAt(instant, timeZone)).getUTCHours();
}

/** 0 Sunday to 6 Saturday. */
export function weekdayOf(date: LocalDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

export function addDays(date: LocalDate, days: number): LocalDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day) + days * DAY_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** Rounds down / up to a whole quarter hour (UTC; every zone's offset is a multiple of 15'). */
export function floorQuarterHour(instant: number): number {
  return Math.floor(instant / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
}

export function ceilQuarterHour(instant: number): number {
  return Math.ceil(instant / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
}

export { MINUTE_MS, QUARTER_HOUR_MS, DAY_MS };
