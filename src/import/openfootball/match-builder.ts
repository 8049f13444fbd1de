/**
 * Matches of the imported data: source matches with team, league and season ids.
 *
 * Match ids: stableId("match", key) with key
 *   "<league code>:<season folder>:<stage>:<round>:<home team key>:<away team key>"
 * which stays the same when upstream reorders a file or moves a postponed match to another date.
 * Should one file hold the same pairing twice in one round, the later ones get "#2", "#3" in
 * file order.
 * A side whose team is not known yet ("N.N.", "Sieger EF") gets a placeholder team of its own
 * (see placeholder-teams.ts), so every source match becomes a fixture with two distinct teams;
 * such matches are also listed in the import report.
 */
import { isPlaceholderTeamName } from "./fixture-team-names.js";
import { PlaceholderTeams } from "./placeholder-teams.js";
import { seasonKeyOf } from "./league-builder.js";
import type { MatchStatus, SourceStatus } from "./match-derivation.js";
import type { MatchScores, SourceFile } from "./matches-reader.js";
import { OpenfootballSourceError } from "./source-error.js";
import { FIXTURE_ID_BITS, IdRegistry, stableId } from "../../domain/stable-id.js";
import type { TeamResolution } from "./team-resolver.js";

export type Match = {
  id: number;
  key: string;
  league_id: number;
  league_code: string;
  season_id: number;
  /** Season key, e.g. "en.1:2024-25" (see Season.key). */
  season_key: string;
  stage: string;
  round: string;
  /** Local date and time as the file writes them; time is absent when the file has none. */
  date: string;
  time?: string;
  /** UTC kick-off with milliseconds; 15:00 local when the file has no time. */
  kickoff_utc: string;
  home_team_id: number;
  away_team_id: number;
  scores: MatchScores;
  status: MatchStatus;
  source_status?: SourceStatus;
  /** Where the match comes from: "2024-25/en.1.json" and its 0-based index there. */
  file: string;
  index: number;
};

export type PlaceholderMatch = {
  file: string;
  index: number;
  date: string;
  stage: string;
  round: string;
  home_name: string;
  away_name: string;
};

export function buildMatches(
  files: readonly SourceFile[],
  resolution: TeamResolution,
  placeholderTeams: PlaceholderTeams,
): { matches: Match[]; placeholder_matches: PlaceholderMatch[] } {
  const teamKeyById = new Map(resolution.teams.map((team) => [team.id, team.key]));
  const ids = new IdRegistry("match", FIXTURE_ID_BITS);
  const matches: Match[] = [];
  const placeholderMatches: PlaceholderMatch[] = [];
  for (const file of files) {
    const seasonKey = seasonKeyOf(file.code, file.season_key);
    const leagueId = stableId("league", file.code);
    const seasonId = stableId("season", seasonKey);
    const keyCounts = new Map<string, number>();
    for (const source of file.matches) {
      const sideTeamId = (name: string, side: "home" | "away") =>
        isPlaceholderTeamName(name)
          ? placeholderTeams.teamFor({ code: file.code, seasonKey, index: source.index, side, sourceName: name })
          : resolution.teamId(file.code, name);
      if (isPlaceholderTeamName(source.home_name) || isPlaceholderTeamName(source.away_name)) {
        const { index, date, stage, round, home_name: homeName, away_name: awayName } = source;
        placeholderMatches.push({ file: file.file, index, date, stage, round, home_name: homeName, away_name: awayName });
      }
      const homeTeamId = sideTeamId(source.home_name, "home");
      const awayTeamId = sideTeamId(source.away_name, "away");
      if (homeTeamId === undefined || awayTeamId === undefined || homeTeamId === awayTeamId) {
        throw new OpenfootballSourceError(
          { file: file.file },
          `match ${source.index}: "${source.home_name}" v "${source.away_name}" do not resolve to two teams`,
        );
      }
      const baseKey = [
        seasonKey,
        source.stage,
        source.round,
        teamKeyById.get(homeTeamId) ?? placeholderTeams.keyOf(homeTeamId),
        teamKeyById.get(awayTeamId) ?? placeholderTeams.keyOf(awayTeamId),
      ].join(":");
      const count = (keyCounts.get(baseKey) ?? 0) + 1;
      keyCounts.set(baseKey, count);
      const key = count === 1 ? baseKey : `${baseKey}#${count}`;
      matches.push({
        id: ids.idFor(key),
        key,
        league_id: leagueId,
        league_code: file.code,
        season_id: seasonId,
        season_key: seasonKey,
        stage: source.stage,
        round: source.round,
        date: source.date,
        ...(source.time === undefined ? {} : { time: source.time }),
        kickoff_utc: source.kickoff_utc,
        home_team_id: homeTeamId,
        away_team_id: awayTeamId,
        scores: source.scores,
        status: source.status,
        ...(source.source_status === undefined ? {} : { source_status: source.source_status }),
        file: file.file,
        index: source.index,
      });
    }
  }
  return { matches, placeholder_matches: placeholderMatches };
}
