/**
 * Market probabilities from goal means: a score grid of two Poisson counts, optionally with the
 * Dixon-Coles low-score correction, read out into the markets the odds catalogue prices.
 * Pure functions; the strength model feeds them full-time means, live pricing feeds them the
 * means of the remaining minutes plus the current score.
 */

export const GOAL_LINES = ["1.5", "2.5", "3.5"] as const;
export type GoalLine = (typeof GOAL_LINES)[number];

export type OutcomeProbabilities = { home: number; draw: number; away: number };
export type OverUnderProbabilities = { over: number; under: number };

/** Markets settled on the final (90-minute) score. */
export type FinalScoreProbabilities = {
  fullTime: OutcomeProbabilities;
  overUnder: Record<GoalLine, OverUnderProbabilities>;
  bothTeamsScore: { yes: number; no: number };
  doubleChance: { homeOrDraw: number; homeOrAway: number; drawOrAway: number };
};

export type MatchProbabilities = FinalScoreProbabilities & { halfTime: OutcomeProbabilities };

export type GoalMeans = { home: number; away: number };
export type Score = { home: number; away: number };

/** Share of a match's goals expected in the first half (about 45% in top leagues). */
export const FIRST_HALF_SHARE = 0.45;

const MAX_GOALS = 12;

function poissonPmf(mean: number, maxGoals: number): number[] {
  const pmf: number[] = [];
  let p = Math.exp(-mean);
  for (let k = 0; k <= maxGoals; k++) {
    pmf.push(p);
    p = (p * mean) / (k + 1);
  }
  return pmf;
}

/**
 * P(home scores i, away scores j) for i, j in 0..maxGoals, normalized to 1 (the tail beyond
 * maxGoals is negligible for football means). `rho` < 0 lifts 0-0 and 1-1 and lowers 1-0 and
 * 0-1 (Dixon-Coles); 0 gives independent Poisson.
 */
export function scoreGrid(means: GoalMeans, rho = 0, maxGoals = MAX_GOALS): number[][] {
  const home = poissonPmf(Math.max(means.home, 0), maxGoals);
  const away = poissonPmf(Math.max(means.away, 0), maxGoals);
  const grid = home.map((ph, i) =>
    away.map((pa, j) => ph * pa * Math.max(0, dixonColesTau(i, j, means.home, means.away, rho))),
  );
  const total = grid.reduce((sum, row) => sum + row.reduce((a, b) => a + b, 0), 0);
  return grid.map((row) => row.map((p) => p / total));
}

function dixonColesTau(i: number, j: number, lambda: number, mu: number, rho: number): number {
  if (rho === 0) return 1;
  if (i === 0 && j === 0) return 1 - lambda * mu * rho;
  if (i === 0 && j === 1) return 1 + lambda * rho;
  if (i === 1 && j === 0) return 1 + mu * rho;
  if (i === 1 && j === 1) return 1 - rho;
  return 1;
}

/** P(home win) + P(draw) / 2 of the score grid, without building it (the model calls it often). */
export function expectedHomeScore(means: GoalMeans, rho = 0, maxGoals = MAX_GOALS): number {
  const home = poissonPmf(Math.max(means.home, 0), maxGoals);
  const away = poissonPmf(Math.max(means.away, 0), maxGoals);
  let win = 0;
  let draw = 0;
  let total = 0;
  for (let i = 0; i <= maxGoals; i++) {
    for (let j = 0; j <= maxGoals; j++) {
      let p = (home[i] ?? 0) * (away[j] ?? 0);
      if (i <= 1 && j <= 1) p *= Math.max(0, dixonColesTau(i, j, means.home, means.away, rho));
      total += p;
      if (i > j) win += p;
      else if (i === j) draw += p;
    }
  }
  return (win + draw / 2) / total;
}

/**
 * Reads the final-score markets from a grid of goals still to come, added to the score so far
 * (`current`, 0-0 before kick-off).
 */
export function finalScoreProbabilities(grid: number[][], current: Score = { home: 0, away: 0 }): FinalScoreProbabilities {
  let home = 0;
  let draw = 0;
  let away = 0;
  let bttsYes = 0;
  const totals: number[] = [];
  grid.forEach((row, i) =>
    row.forEach((p, j) => {
      const h = current.home + i;
      const a = current.away + j;
      if (h > a) home += p;
      else if (h === a) draw += p;
      else away += p;
      if (h > 0 && a > 0) bttsYes += p;
      totals[h + a] = (totals[h + a] ?? 0) + p;
    }),
  );
  const under = (line: number): number => totals.reduce((sum, p, goals) => (goals < line ? sum + (p ?? 0) : sum), 0);
  const overUnder = Object.fromEntries(
    GOAL_LINES.map((line) => {
      const u = under(Number(line));
      return [line, { over: 1 - u, under: u }];
    }),
  ) as Record<GoalLine, OverUnderProbabilities>;
  return {
    fullTime: { home, draw, away },
    overUnder,
    bothTeamsScore: { yes: bttsYes, no: 1 - bttsYes },
    doubleChance: doubleChanceOf({ home, draw, away }),
  };
}

export function doubleChanceOf(outcome: OutcomeProbabilities): FinalScoreProbabilities["doubleChance"] {
  return {
    homeOrDraw: outcome.home + outcome.draw,
    homeOrAway: outcome.home + outcome.away,
    drawOrAway: outcome.draw + outcome.away,
  };
}

/** All pre-match markets from full-time goal means; half-time from FIRST_HALF_SHARE of them. */
export function matchProbabilities(means: GoalMeans, rho = 0): MatchProbabilities {
  const fullTime = finalScoreProbabilities(scoreGrid(means, rho));
  const firstHalf = finalScoreProbabilities(
    scoreGrid({ home: means.home * FIRST_HALF_SHARE, away: means.away * FIRST_HALF_SHARE }, rho),
  );
  return { ...fullTime, halfTime: firstHalf.fullTime };
}
