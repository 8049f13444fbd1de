/**
 * Kick-off times in football.json are wall-clock times of the competition, without a zone
 * (DECISIONS.md). This table fixes one IANA zone per competition; it was checked against known
 * kick-offs where a competition spans zones:
 * - uefa.cl: UEFA publishes CET/CEST; evening games are "21:00" and "18:45", and the 2025 final in
 *   Munich is "21:00" (21:00 CEST). Europe/Paris has exactly CET/CEST.
 * - copa.l: times are Brasília time; the 2025 final in Lima (kick-off 16:15 local, 18:15 in Brazil
 *   and Argentina after a delay) is "18:15". America/Sao_Paulo.
 * - mls: times are US Eastern; Seattle's evening home games are "22:30" (19:30 Pacific).
 * - au.1: times are Sydney time; Perth's home games read "21:45", Auckland's "15:00".
 * - es.*: one zone for the league; Canary Islands home games are an hour off in local terms.
 * - mx.1: Mexico City time (the league's own schedule zone).
 * A match without a time kicks off at 15:00 local (DECISIONS.md): DEFAULT_KICKOFF_TIME.
 */

/** By football.json code prefix (the part before the first "."), or by whole code. */
export const COMPETITION_TIMEZONES: Readonly<Record<string, string>> = {
  en: "Europe/London",
  sco: "Europe/London",
  de: "Europe/Berlin",
  at: "Europe/Vienna",
  be: "Europe/Brussels",
  es: "Europe/Madrid",
  fr: "Europe/Paris",
  it: "Europe/Rome",
  nl: "Europe/Amsterdam",
  pt: "Europe/Lisbon",
  gr: "Europe/Athens",
  tr: "Europe/Istanbul",
  "uefa.cl": "Europe/Paris",
  ar: "America/Argentina/Buenos_Aires",
  br: "America/Sao_Paulo",
  co: "America/Bogota",
  "copa.l": "America/Sao_Paulo",
  mx: "America/Mexico_City",
  mls: "America/New_York",
  jp: "Asia/Tokyo",
  cn: "Asia/Shanghai",
  au: "Australia/Sydney",
  eg: "Africa/Cairo",
  dz: "Africa/Algiers",
  ma: "Africa/Casablanca",
};

export const DEFAULT_KICKOFF_TIME = "15:00";

/** The zone of a football.json competition code; throws for a competition the table lacks. */
export function timezoneFor(code: string): string {
  const zone = COMPETITION_TIMEZONES[code] ?? COMPETITION_TIMEZONES[code.split(".")[0] ?? ""];
  if (zone === undefined) throw new Error(`No timezone for competition "${code}" (add it to timezones.ts)`);
  return zone;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^(\d{1,2}):(\d{2})$/;
const DAY_MS = 86_400_000;

/**
 * Converts a local date ("2025-03-30") and time ("14:30", "9:30"; default 15:00) in `timeZone`
 * to a UTC ISO string with milliseconds. Uses Intl only. A wall-clock time that occurs twice
 * (autumn change) takes the first occurrence; one that does not exist (spring change) is moved
 * forward by the gap, as Temporal's "compatible" disambiguation does.
 */
export function localKickoffToUtc(date: string, time: string | undefined, timeZone: string): string {
  const d = DATE_RE.exec(date);
  const t = TIME_RE.exec(time ?? DEFAULT_KICKOFF_TIME);
  if (!d || !t) throw new RangeError(`Invalid local kick-off "${date} ${time ?? ""}"`);
  const [year, month, day, hour, minute] = [d[1], d[2], d[3], t[1], t[2]].map(Number);
  if (year === undefined || month === undefined || day === undefined || hour === undefined || minute === undefined) {
    throw new RangeError(`Invalid local kick-off "${date} ${time ?? ""}"`);
  }
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1 || hour > 23 || minute > 59) {
    throw new RangeError(`Invalid local kick-off "${date} ${time ?? ""}"`);
  }
  return new Date(wallClockToInstant(wall, timeZone)).toISOString();
}

/** `wall` is the wall-clock time written as if it were UTC; returns the real instant. */
function wallClockToInstant(wall: number, timeZone: string): number {
  // Zones change offset at most once around a given day: try the offsets a day before and after.
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  if (offsetAt(wall - before, timeZone) === before) return wall - before; // also the first of two
  if (offsetAt(wall - after, timeZone) === after) return wall - after;
  return wall - before; // in the gap: the offset before the change moves the time forward
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsetCache = new Map<string, number>();
// Zone offsets change only at whole quarter hours (UTC), so one answer holds for a quarter hour.
const QUARTER_HOUR_MS = 900_000;

/** Offset of `timeZone` from UTC at `instant`, in milliseconds (positive east of Greenwich). */
function offsetAt(instant: number, timeZone: string): number {
  const bucket = Math.floor(instant / QUARTER_HOUR_MS);
  const key = `${timeZone}|${bucket}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    offset = computeOffset(bucket * QUARTER_HOUR_MS, timeZone);
    offsetCache.set(key, offset);
  }
  return offset;
}

function computeOffset(instant: number, timeZone: string): number {
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
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return asUtc - instant;
}
