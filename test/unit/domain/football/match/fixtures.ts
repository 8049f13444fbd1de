/** Inputs and small readers shared by the match simulator's tests. */
import { expandTrends, type MatchState, type TrendEntry } from "../../../../../src/domain/football/match/projection.js";
import type { MatchInput, MatchResult } from "../../../../../src/domain/football/match/types.js";

export const KICKOFF = 1_750_000_000;
export const HOME = 281_474_976_710_000;
export const AWAY = 181_474_976_710_001;

export function matchInput(seed: string, result?: MatchResult, extra: Partial<MatchInput> = {}): MatchInput {
  return {
    seed,
    fixtureId: 270_000_000_000_123,
    homeTeamId: HOME,
    awayTeamId: AWAY,
    kickoffUnix: KICKOFF,
    expectedGoals: { home: 1.6, away: 1.1 },
    ...(result ? { result } : {}),
    ...extra,
  };
}

/** Real results, openfootball-style, including the source's oddities. */
export const REAL_RESULTS: Array<{ label: string; result: MatchResult }> = [
  { label: "goalless draw", result: { ht: [0, 0], ft: [0, 0] } },
  { label: "home win", result: { ht: [1, 0], ft: [2, 1] } },
  { label: "comeback", result: { ht: [0, 2], ft: [3, 2] } },
  { label: "rout", result: { ht: [5, 0], ft: [9, 0] } },
  { label: "away rout", result: { ht: [0, 4], ft: [1, 7] } },
  { label: "no half-time score", result: { ft: [3, 3] } },
  { label: "no half-time score, 1-0", result: { ft: [1, 0] } },
  { label: "half-time score above full time (bad data)", result: { ht: [2, 0], ft: [1, 0] } },
  { label: "extra time won", result: { ht: [0, 0], ft: [0, 1], et: [1, 1] } },
  { label: "extra time with goals", result: { ht: [1, 0], ft: [2, 2], et: [4, 3] } },
  { label: "extra time and penalties", result: { ht: [1, 0], ft: [1, 0], et: [1, 0], p: [2, 4] } },
  { label: "penalties 4-4 as the source has it", result: { ht: [0, 1], ft: [0, 1], et: [0, 1], p: [4, 4] } },
  { label: "penalties straight after 90 minutes", result: { ht: [1, 0], ft: [2, 2], p: [2, 3] } },
  { label: "long sudden death", result: { ft: [1, 1], et: [1, 1], p: [9, 8] } },
];

/** Expanded trend values of one team and type, in order. */
export function trendValues(state: MatchState, teamId: number, developerName: string): TrendEntry[] {
  return expandTrends(state.trends).filter((entry) => entry.team_id === teamId && entry.developer_name === developerName);
}

export function statistic(state: MatchState, developerName: string, location: "home" | "away" | "league"): number | undefined {
  return state.statistics.find((entry) => entry.developer_name === developerName && entry.location === location)?.value;
}

export function score(state: MatchState, teamId: number, developerName: string): number | undefined {
  return state.scores.find((entry) => entry.team_id === teamId && entry.developer_name === developerName)?.value;
}
