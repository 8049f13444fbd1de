import type { CatalogLeague } from "../../domain/catalog.js";
import { REGIONS } from "../synthetic/regions.js";
import { localDateOf } from "../../domain/time/zoned-time.js";

/**
 * Season names in the league's own style. Two-year seasons ("2026/2027", August to May) are the
 * default: Europe, Mexico and Central America (Apertura/Clausura), Africa, the Gulf, Australia.
 * Calendar-year seasons ("2026") are played in South America (by region: Brazil, Argentina,
 * Colombia, ...), and, by the league's zone, in the US and Canada (MLS), Japan, China, Korea,
 * the Nordic countries and Ireland, which play spring to autumn.
 *
 * A two-year season is named by the year it starts: from July on "Y/Y+1", before July "Y-1/Y",
 * taking the date of `now` in the league's zone.
 */
const CALENDAR_YEAR_ZONES: ReadonlySet<string> = new Set([
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Los_Angeles",
  "America/Phoenix",
  "America/Toronto",
  "America/Vancouver",
  "Asia/Tokyo",
  "Asia/Shanghai",
  "Asia/Seoul",
  "Europe/Oslo",
  "Europe/Stockholm",
  "Europe/Helsinki",
  "Atlantic/Reykjavik",
  "Europe/Dublin",
]);

export function playsCalendarYear(league: Pick<CatalogLeague, "region" | "timezone">): boolean {
  return league.region.id === REGIONS["South America"].id || CALENDAR_YEAR_ZONES.has(league.timezone);
}

/** The name of the season in play at `now`, or of the one `seasonsBack` seasons earlier. */
export function defaultSeasonName(
  league: Pick<CatalogLeague, "region" | "timezone">,
  now: Date,
  seasonsBack = 0,
): string {
  const { year, month } = localDateOf(now.getTime(), league.timezone);
  if (playsCalendarYear(league)) return String(year - seasonsBack);
  const start = (month >= 7 ? year : year - 1) - seasonsBack;
  return `${start}/${start + 1}`;
}

/** The year a season named by `defaultSeasonName` starts ("2025/2026" and "2025" give 2025). */
export function seasonStartYear(name: string): number {
  const match = /^(-?\d+)(?:\/(-?\d+))?$/.exec(name);
  const start = Number(match?.[1]);
  if (!match || (match[2] !== undefined && Number(match[2]) !== start + 1)) {
    throw new RangeError(`season name "${name}" is not "Y" or "Y/Y+1"`);
  }
  return start;
}
