/**
 * Reads the openfootball data (football.json, clubs, leagues folders under `dir`) into resolved,
 * in-memory entities. No Elasticsearch, no I/O but reading the files; the same files and `now`
 * always give the same result, ids included.
 */
import path from "node:path";
import type { ClubLangEntry } from "./club-lang-parser.js";
import type { ClubRename } from "./club-history-parser.js";
import { readClubsDir } from "./clubs-reader.js";
import { buildCountry, type Country } from "./countries.js";
import { buildLeaguesAndSeasons, type League, type Season } from "./league-builder.js";
import { readLeaguesDir } from "./leagues-reader.js";
import { buildMatches, type Match, type PlaceholderMatch } from "./match-builder.js";
import { readMatchesDir } from "./matches-reader.js";
import { PlaceholderTeams } from "./placeholder-teams.js";
import { resolveTeams, type Team, type UnresolvedTeamName } from "./team-resolver.js";

export interface OpenfootballReport {
  /** football.json files read and the matches in them (placeholder matches included). */
  files: number;
  sourceMatches: number;
  /** Clubs and league entries read from the clubs and leagues folders. */
  clubs: number;
  leagueRecords: number;
  /** Dates moved one year by correctSplitSeasonYear (a year typo upstream). */
  dateCorrections: Array<{ file: string; index: number; sourceDate: string; date: string }>;
  /** Matches with a placeholder team ("N.N."); each side got a placeholder team of its own. */
  placeholderMatches: PlaceholderMatch[];
  /** Fixture names not found in the clubs data; each still became a team. */
  unresolvedTeamNames: UnresolvedTeamName[];
  unmatchedLocalizedClubNames: ClubLangEntry[];
  unmatchedClubRenames: ClubRename[];
}

export interface OpenfootballData {
  leagues: League[];
  seasons: Season[];
  teams: Team[];
  countries: Country[];
  matches: Match[];
  report: OpenfootballReport;
}

export interface ReadOptions {
  /** Decides NO_RESULT (kick-off before now, no result) versus NOT_STARTED. */
  now: Date;
}

/** `dir` holds the folders football.json/, clubs/ and leagues/ (e.g. ../shared/data/openfootball). */
export function readOpenfootball(dir: string, opts: ReadOptions): OpenfootballData {
  const files = readMatchesDir(path.join(dir, "football.json"), opts.now);
  const clubsData = readClubsDir(path.join(dir, "clubs"));
  const leagueRecords = readLeaguesDir(path.join(dir, "leagues"));

  const resolution = resolveTeams(files, clubsData.clubs);
  const { leagues, seasons } = buildLeaguesAndSeasons(files, leagueRecords);
  const placeholderTeams = new PlaceholderTeams();
  const { matches, placeholderMatches } = buildMatches(files, resolution, placeholderTeams);
  const countryKeys = new Set([
    ...leagues.map((league) => league.countryKey),
    ...resolution.teams.map((team) => team.country.key),
  ]);
  const countries = [...countryKeys].sort().map(buildCountry);

  return {
    leagues,
    seasons,
    teams: [...resolution.teams, ...placeholderTeams.teams()],
    countries,
    matches,
    report: {
      files: files.length,
      sourceMatches: files.reduce((sum, file) => sum + file.matches.length, 0),
      clubs: clubsData.clubs.length,
      leagueRecords: leagueRecords.length,
      dateCorrections: files.flatMap((file) =>
        file.matches.flatMap(({ index, sourceDate, date }) =>
          sourceDate === undefined ? [] : [{ file: file.file, index, sourceDate, date }],
        ),
      ),
      placeholderMatches,
      unresolvedTeamNames: resolution.unresolvedNames,
      unmatchedLocalizedClubNames: clubsData.unmatchedLocalizedNames,
      unmatchedClubRenames: clubsData.unmatchedRenames,
    },
  };
}

export type { Country } from "./countries.js";
export type { League, Season } from "./league-builder.js";
export type { Match, PlaceholderMatch } from "./match-builder.js";
export type { MatchStatus } from "./match-derivation.js";
export type { Goals, MatchScores } from "./matches-reader.js";
export type { Team, TeamCountry, UnresolvedTeamName } from "./team-resolver.js";
export { COMPETITION_TIMEZONES, localKickoffToUtc, timezoneFor } from "./timezones.js";
export { OpenfootballSourceError } from "./source-error.js";
