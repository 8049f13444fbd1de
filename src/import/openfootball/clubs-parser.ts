/**
 * Parser for openfootball `*.clubs.txt` files (one file per country). Pure: text in, records out.
 *
 *   = England
 *   Arsenal FC, 1886, @ Emirates Stadium, London (Highbury)   ## remark
 *     | Arsenal | FC Arsenal
 *     | Bayern Munich [en]          <- a name in another language
 *    Säbener Straße 51-57 // 81547 München   <- address line, ignored
 *   ii) Bayern München II           <- reserve team of the club above
 */
import { addLocalizedName, type LocalizedNames } from "./localized-names.js";
import { OpenfootballSourceError, type SourceRef } from "./source-error.js";
import { parseAlternateList, parseHeading, stripComment, stripSponsorMarks } from "./text-format.js";

export type ClubRecord = {
  /** Canonical name as the clubs data writes it, e.g. "Tottenham Hotspur FC". */
  name: string;
  /** Untagged alternates from `|` lines, in file order, without duplicates of `name`. */
  alternate_names: string[];
  /** Names tagged `[xx]` in the clubs file or given by a `*.lang.xx.txt` file, by language. */
  localized_names: LocalizedNames;
  /** openfootball country key (`eng`, `de`, `at`, ...), from the file name. */
  country_key: string;
  founded?: number;
  stadium?: string;
  city?: string;
  /** The part of the city in parentheses: "London (Tottenham)" gives "Tottenham". */
  district?: string;
  /** Years of existence of a defunct club, from "Thames AFC (1928-1932)". */
  active_from?: number;
  active_until?: number;
  /** For `ii) Bayern München II` lines: the canonical name of the first team. */
  reserve_of?: string;
  source: Required<SourceRef>;
};

const RESERVE_RE = /^\s*([ivx]+)\)\s*(.+)$/;
const YEARS_IN_NAME_RE = /^(.*?)\s*\((\d{4})?\s*-\s*(\d{4})?\)$/;
const YEARS_ONLY_RE = /^\((\d{4})?\s*-\s*(\d{4})?\)$/;
const YEAR_RE = /^\d{4}$/;
const LEADING_YEAR_RE = /^(\d{4})\s+(.+)$/;
const DISTRICT_RE = /^(.*?)\s*\(([^)]*)\)$/;

/** Parses one clubs file. `countryKey` comes from the file name (`eng.clubs.txt` gives `eng`). */
export function parseClubsText(text: string, file: string, countryKey: string): ClubRecord[] {
  const clubs: ClubRecord[] = [];
  let current: ClubRecord | undefined;
  let firstTeam: ClubRecord | undefined;

  text.split(/\r?\n/).forEach((rawLine, index) => {
    const ref = { file, line: index + 1 };
    const line = stripComment(rawLine);
    if (line.trim() === "") return;
    if (parseHeading(line)) return; // country and region headings: the country comes from the file
    const trimmed = line.trim();

    if (trimmed.startsWith("|")) {
      if (!current) throw new OpenfootballSourceError(ref, "alternate names before any club");
      addAlternates(current, parseAlternateList(trimmed));
      return;
    }
    if (trimmed.includes("//")) return; // street address of the club above

    const reserve = RESERVE_RE.exec(line);
    if (reserve?.[2]) {
      if (!firstTeam) throw new OpenfootballSourceError(ref, "reserve team before any club");
      current = parseClubLine(reserve[2], ref, countryKey);
      current.reserve_of = firstTeam.name;
      clubs.push(current);
      return;
    }

    // An indented line without a comma lists alternates without the `|` (e.g. "  VfV 06").
    if (/^\s/.test(line) && !line.includes(",") && current) {
      addAlternates(current, parseAlternateList(trimmed));
      return;
    }

    current = parseClubLine(trimmed, ref, countryKey);
    firstTeam = current;
    clubs.push(current);
  });
  return clubs;
}

function parseClubLine(text: string, ref: Required<SourceRef>, countryKey: string): ClubRecord {
  const [namePart = "", ...parts] = text.split(",").map((part) => part.trim());
  // "FC Gambarogno-Contone | FC Gambarogno": alternates may follow the name on the same line.
  const [rawName = "", ...alternates] = namePart.split("|");
  const club: ClubRecord = {
    name: stripSponsorMarks(rawName),
    alternate_names: [],
    localized_names: {},
    country_key: countryKey,
    source: ref,
  };
  const years = YEARS_IN_NAME_RE.exec(club.name);
  if (years?.[1] !== undefined) {
    club.name = years[1];
    applyYears(club, years[2], years[3]);
  }
  if (club.name === "") throw new OpenfootballSourceError(ref, "club line without a name");
  addAlternates(club, parseAlternateList(alternates.join("|")));
  for (const part of parts) applyClubPart(club, part);
  return club;
}

function applyYears(club: ClubRecord, from: string | undefined, until: string | undefined): void {
  if (from !== undefined) club.active_from = Number(from);
  if (until !== undefined) club.active_until = Number(until);
}

/** One comma-separated part after the name: founding year, `@ stadium` or city. */
function applyClubPart(club: ClubRecord, part: string): void {
  if (part === "") return;
  if (YEAR_RE.test(part)) {
    club.founded = Number(part);
    return;
  }
  const leadingYear = LEADING_YEAR_RE.exec(part); // "1971 @ Stadion", "2007   Linz": a comma is missing
  if (leadingYear?.[1] && leadingYear[2]) {
    club.founded = Number(leadingYear[1]);
    applyClubPart(club, leadingYear[2]);
    return;
  }
  const years = YEARS_ONLY_RE.exec(part); // "DOS Utrecht, (1901-1970), Utrecht"
  if (years) {
    applyYears(club, years[1], years[2]);
    return;
  }
  if (part.startsWith("@")) {
    club.stadium = stripSponsorMarks(part.slice(1));
    return;
  }
  if (club.city !== undefined) return; // extra parts are free-text remarks
  const city = part.split("›")[0]?.trim() ?? part; // "El Mahalla El Kubra › Gharbia": city › region
  const district = DISTRICT_RE.exec(city);
  if (district?.[1] && district[2]) {
    club.city = district[1];
    club.district = district[2];
  } else {
    club.city = city;
  }
}

function addAlternates(club: ClubRecord, names: ReturnType<typeof parseAlternateList>): void {
  for (const { name, lang } of names) {
    if (lang !== undefined) {
      addLocalizedName(club.localized_names, lang, name);
    } else if (name !== club.name && !club.alternate_names.includes(name)) {
      club.alternate_names.push(name);
    }
  }
}
