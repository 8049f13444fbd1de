/**
 * Kick-off times in football.json are wall-clock times of the competition, without a zone
 * (docs/data.md, "Kick-off times"). This table fixes one IANA zone per competition; it was
 * checked against known kick-offs where a competition spans zones:
 * - uefa.cl: UEFA publishes CET/CEST; evening games are "21:00" and "18:45", and the 2025 final in
 *   Munich is "21:00" (21:00 CEST). Europe/Paris has exactly CET/CEST.
 * - copa.l: times are Brasília time; the 2025 final in Lima (kick-off 16:15 local, 18:15 in Brazil
 *   and Argentina after a delay) is "18:15". America/Sao_Paulo.
 * - mls: times are US Eastern; Seattle's evening home games are "22:30" (19:30 Pacific).
 * - au.1: times are Sydney time; Perth's home games read "21:45", Auckland's "15:00".
 * - es.*: one zone for the league; Canary Islands home games are an hour off in local terms.
 * - mx.1: Mexico City time (the league's own schedule zone).
 * A match without a time kicks off at 15:00 local: DEFAULT_KICKOFF_TIME.
 */
import { zonedToUtc } from "../../domain/time/zoned-time.js";


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
  const check = new Date(Date.UTC(year, month - 1, day, hour, minute));
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1 || hour > 23 || minute > 59) {
    throw new RangeError(`Invalid local kick-off "${date} ${time ?? ""}"`);
  }
  return new Date(zonedToUtc({ year, month, day }, hour, minute, timeZone)).toISOString();
}
