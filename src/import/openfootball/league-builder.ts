/**
 * Leagues and seasons of the imported data: one league per football.json competition code, named
 * from the leagues data, and one season per file.
 */
import { describeCompetition } from "./competition-codes.js";
import type { LeagueRecord } from "./leagues-parser.js";
import type { LocalizedNames } from "./localized-names.js";
import { seasonStartYear } from "./match-derivation.js";
import type { SourceFile } from "./matches-reader.js";
import type { SourceRef } from "./source-error.js";
import { stableId } from "../../domain/stable-id.js";

export type League = {
  /** stableId("league", code). */
  id: number;
  /** football.json code, e.g. "en.1" (see competition-codes.ts for the mapping). */
  code: string;
  /** The leagues data's code, e.g. "eng.1". */
  leagues_code: string;
  name: string;
  /** Leagues-data alternates, former names and the files' own competition names. */
  alternate_names: string[];
  localized_names: LocalizedNames;
  level: number;
  international: boolean;
  /** Country key, or "europe" / "south-america" for an international competition. */
  country_key: string;
  timezone: string;
  /** Key of the latest season (see Season.key). */
  current_season_key: string;
  /** The leagues-data entry the names come from; absent when the leagues data lacks the code. */
  source?: Required<SourceRef>;
};

export type Season = {
  /** stableId("season", key). */
  id: number;
  /** "<league code>:<season folder>", e.g. "en.1:2024-25". */
  key: string;
  league_id: number;
  league_code: string;
  /** The season folder: "2024-25" or "2025". */
  season_key: string;
  /** "2024/2025" or "2025". */
  name: string;
  /** The file's `name`, e.g. "English Premier League 2024/25". */
  competition_name: string;
  file: string;
  /** Dates (local) of the first and last match. */
  start_date: string;
  end_date: string;
  match_count: number;
  is_current: boolean;
};

export function seasonKeyOf(code: string, seasonKey: string): string {
  return `${code}:${seasonKey}`;
}

export function buildLeaguesAndSeasons(
  files: readonly SourceFile[],
  records: readonly LeagueRecord[],
): { leagues: League[]; seasons: Season[] } {
  const filesByCode = new Map<string, SourceFile[]>();
  for (const file of files) filesByCode.set(file.code, [...(filesByCode.get(file.code) ?? []), file]);

  const leagues: League[] = [];
  const seasons: Season[] = [];
  for (const [code, leagueFiles] of [...filesByCode].sort(([a], [b]) => a.localeCompare(b))) {
    const ordered = [...leagueFiles].sort((a, b) => seasonStartYear(a.season_key) - seasonStartYear(b.season_key));
    const latest = ordered[ordered.length - 1];
    if (!latest) continue;
    const competition = describeCompetition(code);
    const record = pickRecord(records, competition.leagues_code, seasonStartYear(latest.season_key));
    const fileNames = ordered.map((file) => competitionNameWithoutSeason(file.competition_name));
    const name = record?.name ?? fileNames[fileNames.length - 1] ?? code;
    const alternates = new Set([...(record?.alternate_names ?? []), ...(record?.former_names ?? []), ...fileNames]);
    alternates.delete(name);
    const id = stableId("league", code);
    leagues.push({
      id,
      code,
      leagues_code: competition.leagues_code,
      name,
      alternate_names: [...alternates],
      localized_names: structuredClone(record?.localized_names ?? {}),
      level: competition.level,
      international: competition.international,
      country_key: competition.country_key,
      timezone: latest.timezone,
      current_season_key: seasonKeyOf(code, latest.season_key),
      ...(record ? { source: record.source } : {}),
    });
    for (const file of ordered) seasons.push(buildSeason(file, id, file === latest));
  }
  return { leagues, seasons };
}

function buildSeason(file: SourceFile, leagueId: number, isCurrent: boolean): Season {
  const dates = file.matches.map((match) => match.date).sort();
  const key = seasonKeyOf(file.code, file.season_key);
  return {
    id: stableId("season", key),
    key,
    league_id: leagueId,
    league_code: file.code,
    season_key: file.season_key,
    name: file.season_name,
    competition_name: file.competition_name,
    file: file.file,
    start_date: dates[0] ?? "",
    end_date: dates[dates.length - 1] ?? "",
    match_count: file.matches.length,
    is_current: isCurrent,
  };
}

/** The entry of `code` whose season range holds `startYear`; else one without a range; else any. */
function pickRecord(records: readonly LeagueRecord[], code: string, startYear: number): LeagueRecord | undefined {
  const candidates = records.filter((record) => record.code === code);
  const covers = (record: LeagueRecord): boolean =>
    record.seasons !== undefined &&
    (record.seasons.from === undefined || seasonStartYear(record.seasons.from) <= startYear) &&
    (record.seasons.until === undefined || seasonStartYear(record.seasons.until) >= startYear);
  return candidates.find(covers) ?? candidates.find((record) => record.seasons === undefined) ?? candidates[0];
}

/** "English Premier League 2024/25" gives "English Premier League"; "Australia | A-League 2024/25" gives "A-League". */
export function competitionNameWithoutSeason(name: string): string {
  const withoutCountry = name.includes(" | ") ? name.slice(name.indexOf(" | ") + 3) : name;
  return withoutCountry.replace(/\s+\d{4}(\/\d{2,4})?$/, "").trim();
}
