/**
 * In-play probabilities: goals still to come are Poisson with the pre-match means scaled by the
 * share of playing time left, added to the current score. Half-time probabilities are carried
 * over unchanged (the half-time market is not offered in play).
 */
import {
  finalScoreProbabilities,
  scoreGrid,
  type GoalMeans,
  type MatchProbabilities,
  type OutcomeProbabilities,
} from "../model/poisson.js";

export type LiveState = {
  /** Match minute (global: the second half starts at 45). */
  minute: number;
  homeGoals: number;
  awayGoals: number;
  /** Share of live selections to suspend at random; default drawn from 5-10%. */
  suspendedShare?: number;
};

/** Regular time plus typical stoppage time of both halves, in minutes. */
export const PLAYING_MINUTES = 94;

export function remainingShare(minute: number): number {
  return Math.min(1, Math.max(0, (PLAYING_MINUTES - minute) / PLAYING_MINUTES));
}

export function liveProbabilities(
  expectedGoals: GoalMeans,
  live: Pick<LiveState, "minute" | "homeGoals" | "awayGoals">,
  halfTime: OutcomeProbabilities,
): MatchProbabilities {
  const share = remainingShare(live.minute);
  const grid = scoreGrid({ home: expectedGoals.home * share, away: expectedGoals.away * share });
  return { ...finalScoreProbabilities(grid, { home: live.homeGoals, away: live.awayGoals }), halfTime };
}
