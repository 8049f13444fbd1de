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

export interface Match {
  id: number;
  key: string;
  leagueId: number;
  leagueCode: string;
  seasonId: number;
  /** Season key, e.g. "en.1:2024-25" (see Season.key). */
  seasonKey: string;
  stage: string;
  round: string;
  /** Local date and time as the file writes them; time is absent when the file has none. */
  date: string;
  time?: string;
  /** UTC kick-off with milliseconds; 15:00 local when the file has no time. */
  kickoffUtc: string;
  homeTeamId: number;
  awayTeamId: number;
  scores: MatchScores;
  status: MatchStatus;
  sourceStatus?: SourceStatus;
  /** Where the match comes from: "2024-25/en.1.json" and its 0-based index there. */
  file: string;
  index: number;
}

export interface PlaceholderMatch {
  file: string;
  index: number;
  date: string;
  stage: string;
  round: string;
  homeName: string;
  awayName: string;
}

export function buildMatches(
  files: readonly SourceFile[],
  resolution: TeamResolution,
  placeholderTeams: PlaceholderTeams,
): { matches: Match[]; placeholderMatches: PlaceholderMatch[] } {
  const teamKeyById = new Map(resolution.teams.map((team) => [team.id, team.key]));
  const ids = new IdRegistry("match", FIXTURE_ID_BITS);
  const matches: Match[] = [];
  const placeholderMatches: PlaceholderMatch[] = [];
  for (const file of files) {
    const seasonKey = seasonKeyOf(file.code, file.seasonKey);
    const leagueId = stableId("league", file.code);
    const seasonId = stableId("season", seasonKey);
    const keyCounts = new Map<string, number>();
    for (const source of file.matches) {
      const sideTeamId = (name: string, side: "home" | "away") =>
        isPlaceholderTeamName(name)
          ? placeholderTeams.teamFor({ code: file.code, seasonKey, index: source.index, side, sourceName: name })
          : resolution.teamId(file.code, name);
      if (isPlaceholderTeamName(source.homeName) || isPlaceholderTeamName(source.awayName)) {
        const { index, date, stage, round, homeName, awayName } = source;
        placeholderMatches.push({ file: file.file, index, date, stage, round, homeName, awayName });
      }
      const homeTeamId = sideTeamId(source.homeName, "home");
      const awayTeamId = sideTeamId(source.awayName, "away");
      if (homeTeamId === undefined || awayTeamId === undefined || homeTeamId === awayTeamId) {
        throw new OpenfootballSourceError(
          { file: file.file },
          `match ${source.index}: "${source.homeName}" v "${source.awayName}" do not resolve to two teams`,
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
        leagueId,
        leagueCode: file.code,
        seasonId,
        seasonKey,
        stage: source.stage,
        round: source.round,
        date: source.date,
        ...(source.time === undefined ? {} : { time: source.time }),
        kickoffUtc: source.kickoffUtc,
        homeTeamId,
        awayTeamId,
        scores: source.scores,
        status: source.status,
        ...(source.sourceStatus === undefined ? {} : { sourceStatus: source.sourceStatus }),
        file: file.file,
        index: source.index,
      });
    }
  }
  return { matches, placeholderMatches };
}
