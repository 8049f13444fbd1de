import type { MetricEntry } from "../fixture-parts.js";
import { percent, percents } from "../football/metrics/percent.js";
import { remainingShare } from "../football/odds/live.js";
import { settleOdd, type SettleableOdd } from "../football/odds/settlement.js";
import { SETTLEMENT } from "../fixture-parts.js";
import { scoreGrid, type GoalMeans } from "../football/model/poisson.js";
import { scoreOf, type PricingFixture } from "./fixture-state.js";

/**
 * The probability engine of the bet builder models (models.ts): a distribution over
 * final (90-minute) scores, and a selection's or combination's probability as the
 * mass of the scores on which it wins. Settling each score with the same settleOdd
 * the odds use keeps the model and the settlement in agreement by construction.
 */
export type FinalScoreCell = { home: number; away: number; p: number };

export type GoalView = {
  /** Goals still to come, per side. */
  means: GoalMeans;
  /** The score so far (0-0 before kick-off). */
  current: { home: number; away: number };
  /** Minute of play when in play, else null. */
  minute: number | null;
};

/**
 * The model's view of a fixture: its pre-match expected goals (PREDICTION_EXPECTED_GOALS,
 * stored x100 per team), scaled to the minutes left and added to the score while in
 * play. Null when the fixture has no prediction metrics.
 */
export function goalViewOf(fixture: PricingFixture & { metrics?: MetricEntry[] }): GoalView | null {
  const xg = (location: "home" | "away") =>
    fixture.metrics?.find((m) => m.developer_name === "PREDICTION_EXPECTED_GOALS" && m.location === location)?.value;
  const home = xg("home");
  const away = xg("away");
  if (home === undefined || away === undefined) return null;
  if (!fixture.is_live) return { means: { home: home / 100, away: away / 100 }, current: { home: 0, away: 0 }, minute: null };
  const minute = fixture.minute ?? 0;
  const share = remainingShare(minute);
  return {
    means: { home: (home / 100) * share, away: (away / 100) * share },
    current: {
      home: scoreOf(fixture, fixture.home_team_id, "CURRENT") ?? 0,
      away: scoreOf(fixture, fixture.away_team_id, "CURRENT") ?? 0,
    },
    minute,
  };
}

/** Every final score with its probability (goals still to come added to the score so far). */
export function finalScores(view: GoalView): FinalScoreCell[] {
  const cells: FinalScoreCell[] = [];
  scoreGrid(view.means).forEach((row, i) =>
    row.forEach((p, j) => {
      if (p > 0) cells.push({ home: view.current.home + i, away: view.current.away + j, p });
    }),
  );
  return cells;
}

/** For each final score: does the selection win on it? (Full-time markets only: the half-time score is not modelled.) */
export function winMask(selection: SettleableOdd, cells: readonly FinalScoreCell[]): boolean[] {
  return cells.map(
    (cell) => settleOdd(selection, { homeGoals: cell.home, awayGoals: cell.away, htHome: 0, htAway: 0 }).status === SETTLEMENT.WON,
  );
}

/** Probability that every selection of a combination wins, from their masks. */
export function jointProbability(masks: ReadonlyArray<readonly boolean[]>, cells: readonly FinalScoreCell[]): number {
  let total = 0;
  cells.forEach((cell, index) => {
    if (masks.every((mask) => mask[index])) total += cell.p;
  });
  return total;
}

/**
 * The model's current view in the shape of the prediction metrics (percents, expected
 * goals x100), read from the final-score distribution: in play it reflects the score
 * and the minutes left, where the stored pre-match metrics would not.
 */
export function predictionsOfView(view: GoalView): { home: number; draw: number; away: number; over25: number; btts: number; expectedGoals: number } {
  let home = 0;
  let draw = 0;
  let away = 0;
  let over = 0;
  let btts = 0;
  for (const cell of finalScores(view)) {
    if (cell.home > cell.away) home += cell.p;
    else if (cell.home === cell.away) draw += cell.p;
    else away += cell.p;
    if (cell.home + cell.away > 2.5) over += cell.p;
    if (cell.home > 0 && cell.away > 0) btts += cell.p;
  }
  const [h = 0, d = 0, a = 0] = percents([home, draw, away]);
  const goals = view.current.home + view.current.away + view.means.home + view.means.away;
  return { home: h, draw: d, away: a, over25: percent(over), btts: percent(btts), expectedGoals: Math.round(goals * 100) };
}
