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

export type OpenfootballReport = {
  /** football.json files read and the matches in them (placeholder matches included). */
  files: number;
  source_matches: number;
  /** Clubs and league entries read from the clubs and leagues folders. */
  clubs: number;
  league_records: number;
  /** Dates moved one year by correctSplitSeasonYear (a year typo upstream). */
  date_corrections: Array<{ file: string; index: number; source_date: string; date: string }>;
  /** Matches with a placeholder team ("N.N."); each side got a placeholder team of its own. */
  placeholder_matches: PlaceholderMatch[];
  /** Fixture names not found in the clubs data; each still became a team. */
  unresolved_team_names: UnresolvedTeamName[];
  unmatched_localized_club_names: ClubLangEntry[];
  unmatched_club_renames: ClubRename[];
};

export type OpenfootballData = {
  leagues: League[];
  seasons: Season[];
  teams: Team[];
  countries: Country[];
  matches: Match[];
  report: OpenfootballReport;
};

export type ReadOptions = {
  /** Decides NO_RESULT (kick-off before now, no result) versus NOT_STARTED. */
  now: Date;
};

/** `dir` holds the folders football.json/, clubs/ and leagues/ (e.g. ../shared/data/openfootball). */
export function readOpenfootball(dir: string, opts: ReadOptions): OpenfootballData {
  const files = readMatchesDir(path.join(dir, "football.json"), opts.now);
  const clubsData = readClubsDir(path.join(dir, "clubs"));
  const leagueRecords = readLeaguesDir(path.join(dir, "leagues"));

  const resolution = resolveTeams(files, clubsData.clubs);
  const { leagues, seasons } = buildLeaguesAndSeasons(files, leagueRecords);
  const placeholderTeams = new PlaceholderTeams();
  const { matches, placeholder_matches: placeholderMatches } = buildMatches(files, resolution, placeholderTeams);
  const countryKeys = new Set([
    ...leagues.map((league) => league.country_key),
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
      source_matches: files.reduce((sum, file) => sum + file.matches.length, 0),
      clubs: clubsData.clubs.length,
      league_records: leagueRecords.length,
      date_corrections: files.flatMap((file) =>
        file.matches.flatMap((match) =>
          match.source_date === undefined
            ? []
            : [{ file: file.file, index: match.index, source_date: match.source_date, date: match.date }],
        ),
      ),
      placeholder_matches: placeholderMatches,
      unresolved_team_names: resolution.unresolved_names,
      unmatched_localized_club_names: clubsData.unmatched_localized_names,
      unmatched_club_renames: clubsData.unmatched_renames,
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
