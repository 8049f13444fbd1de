/**
 * A chronological Elo-style strength model fitted to real results.
 *
 * One rating per team across all competitions (team ids are unified), one scoring baseline per
 * league. Before a match `preMatch` turns the rating difference (plus home advantage) into the
 * Elo expectation E and splits the league's average goals per match so that the score grid's
 * expected score P(home win) + P(draw) / 2 equals E (homeGoalShare): the goal model and the Elo
 * update then agree, which keeps the probabilities calibrated. Market probabilities come from a
 * Dixon-Coles-lite score grid (poisson.ts).
 *
 * After the match `record` moves both ratings by the margin-weighted result against its
 * expectation under the model (see record) and folds the match's goals into the league
 * baseline. Call preMatch before record for each match, in kick-off order: nothing is ever read
 * from the future.
 */
import { expectedHomeScore, matchProbabilities, scoreGrid, type GoalMeans, type MatchProbabilities } from "./poisson.js";

export type StrengthOptions = {
  /** Rating of an unknown team in a level-1 league. */
  initialRating: number;
  /** An unknown team of a level-n league starts levelGap x (n - 1) below initialRating. */
  levelGap: number;
  /** Elo points added to the home side. */
  homeAdvantage: number;
  /** Update speed. */
  kFactor: number;
  /** Elo scale: a difference of `scale` points means 10:1 odds of the expected score. */
  scale: number;
  /** Goals per match a league is assumed to average before its results come in. */
  baselinePrior: number;
  /** Weight of the prior, in matches. */
  baselinePriorWeight: number;
  /** The baseline follows at most this many recent matches' worth of weight (tracks drift). */
  baselineMemory: number;
  /** Dixon-Coles low-score correction (0 = independent Poisson). */
  rho: number;
};

export const DEFAULT_STRENGTH_OPTIONS: StrengthOptions = {
  initialRating: 1500,
  levelGap: 100,
  homeAdvantage: 55,
  kFactor: 15,
  scale: 400,
  baselinePrior: 2.7,
  baselinePriorWeight: 20,
  baselineMemory: 400,
  rho: -0.05,
};

export type PreMatch = {
  /** Ratings before the match (without home advantage). */
  home: number;
  away: number;
  /** Elo expected score of the home side, home advantage included. */
  expectation: number;
  /** The league's goals per match the means are scaled to. */
  leagueAverageGoals: number;
  expectedGoals: GoalMeans;
  probabilities: MatchProbabilities;
};

export type RecordedMatch = {
  homeTeamId: number;
  awayTeamId: number;
  leagueId: number;
  /** League level (1 top flight); only used to seed teams the model has not seen. */
  leagueLevel?: number;
  homeGoals: number;
  awayGoals: number;
};

type Baseline = { mean: number; weight: number };

/**
 * A model's whole state as plain data (JSON keeps every double exactly): a walk resumed from it
 * goes on as the walk it was taken from (src/ingest/kept-history/model-checkpoint.ts).
 */
export type StrengthState = {
  /** [team id, rating], in the order the teams were first seen. */
  ratings: Array<[number, number]>;
  /** [league id, mean goals, weight]. */
  baselines: Array<[number, number, number]>;
};

export class StrengthModel {
  private readonly options: StrengthOptions;
  private readonly ratings = new Map<number, number>();
  private readonly baselines = new Map<number, Baseline>();

  constructor(options: Partial<StrengthOptions> = {}) {
    this.options = { ...DEFAULT_STRENGTH_OPTIONS, ...options };
  }

  /** A model (default options) in the state `state()` gave. */
  static fromState(state: StrengthState): StrengthModel {
    const model = new StrengthModel();
    for (const [teamId, rating] of state.ratings) model.ratings.set(teamId, rating);
    for (const [leagueId, mean, weight] of state.baselines) model.baselines.set(leagueId, { mean, weight });
    return model;
  }

  state(): StrengthState {
    return {
      ratings: [...this.ratings],
      baselines: [...this.baselines].map(([leagueId, { mean, weight }]) => [leagueId, mean, weight]),
    };
  }

  /** The current rating, or the starting rating an unknown team of that level would get. */
  rating(teamId: number, leagueLevel = 1): number {
    return this.ratings.get(teamId) ?? this.startingRating(leagueLevel);
  }

  /** Teams seen so far with their ratings, strongest first. */
  table(): Array<{ teamId: number; rating: number }> {
    return [...this.ratings]
      .map(([teamId, rating]) => ({ teamId, rating }))
      .sort((a, b) => b.rating - a.rating || a.teamId - b.teamId);
  }

  leagueAverageGoals(leagueId: number): number {
    return this.baselines.get(leagueId)?.mean ?? this.options.baselinePrior;
  }

  preMatch(homeTeamId: number, awayTeamId: number, leagueId: number, leagueLevel = 1): PreMatch {
    const home = this.rating(homeTeamId, leagueLevel);
    const away = this.rating(awayTeamId, leagueLevel);
    const { expectation, leagueAverageGoals, expectedGoals } = this.means(home, away, leagueId);
    return {
      home,
      away,
      expectation,
      leagueAverageGoals,
      expectedGoals,
      probabilities: matchProbabilities(expectedGoals, this.options.rho),
    };
  }

  /**
   * Updates both ratings by K / 2 x (m - E[m]), m the margin score of the result (marginScore)
   * and E[m] its expectation under the model's own score grid for this match. With m = +-1 / 0
   * this is plain Elo (K x (S - E)); the margin weights let a 4-0 say more than a 1-0 while the
   * update stays zero on average when the ratings are right (the plain margin multiplier of
   * World Football Elo inflates the favourites' ratings, since they win big more often).
   */
  record(match: RecordedMatch): void {
    const level = match.leagueLevel ?? 1;
    const home = this.rating(match.homeTeamId, level);
    const away = this.rating(match.awayTeamId, level);
    const { expectedGoals } = this.means(home, away, match.leagueId);
    const grid = scoreGrid(expectedGoals, this.options.rho);
    let expectedMargin = 0;
    grid.forEach((row, i) => row.forEach((p, j) => (expectedMargin += p * marginScore(i - j))));
    const delta = (this.options.kFactor / 2) * (marginScore(match.homeGoals - match.awayGoals) - expectedMargin);
    this.ratings.set(match.homeTeamId, home + delta);
    this.ratings.set(match.awayTeamId, away - delta);
    this.updateBaseline(match.leagueId, match.homeGoals + match.awayGoals);
  }

  private means(home: number, away: number, leagueId: number): Pick<PreMatch, "expectation" | "leagueAverageGoals" | "expectedGoals"> {
    const expectation = 1 / (1 + 10 ** (-(home + this.options.homeAdvantage - away) / this.options.scale));
    const leagueAverageGoals = this.leagueAverageGoals(leagueId);
    const share = homeGoalShare(expectation, leagueAverageGoals, this.options.rho);
    return {
      expectation,
      leagueAverageGoals,
      expectedGoals: { home: leagueAverageGoals * share, away: leagueAverageGoals * (1 - share) },
    };
  }

  private startingRating(leagueLevel: number): number {
    return this.options.initialRating - this.options.levelGap * Math.max(0, leagueLevel - 1);
  }

  private updateBaseline(leagueId: number, goals: number): void {
    const { baselinePrior, baselinePriorWeight, baselineMemory } = this.options;
    const current = this.baselines.get(leagueId) ?? { mean: baselinePrior, weight: baselinePriorWeight };
    const weight = Math.min(current.weight + 1, baselineMemory);
    this.baselines.set(leagueId, { mean: current.mean + (goals - current.mean) / weight, weight });
  }
}

/**
 * The home side's share s of the match's goals for which the score grid's expected score
 * P(home win) + P(draw) / 2 equals the Elo expectation (bisection to 1e-6). Splitting the goals
 * by E itself would overshoot (Poisson turns a 0.70 share into a 0.74 expected score), and
 * ratings fitted to results would then spread too far.
 */
export function homeGoalShare(expectation: number, totalGoals: number, rho = 0): number {
  let low = 0.001;
  let high = 0.999;
  for (let i = 0; i < 20; i++) {
    const mid = (low + high) / 2;
    if (expectedHomeScore({ home: totalGoals * mid, away: totalGoals * (1 - mid) }, rho) < expectation) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/**
 * The margin score of a goal difference: sign x World Football Elo's weight (1 for one goal,
 * 1.5 for two, (11 + n) / 8 beyond), 0 for a draw.
 */
export function marginScore(goalDifference: number): number {
  const n = Math.abs(goalDifference);
  if (n === 0) return 0;
  const weight = n === 1 ? 1 : n === 2 ? 1.5 : (11 + n) / 8;
  return Math.sign(goalDifference) * weight;
}
