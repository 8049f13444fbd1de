/**
 * The backtests the benches send (bench:backtest, bench:fair): each request another rule, so no
 * two in a row ask the same and no cache answers for the node. The selection and the price turn
 * through the catalogue, the where through none, one and two metric ranges.
 */
import { SELECTIONS } from "../../src/domain/football/odds/markets.js";

const WHERES = ["", "&where[PREDICTION_HOME_WIN_PROBABILITY]=40:70", "&where[PREDICTION_EXPECTED_GOALS]=200:320&where[SMART_MONEY_HOME_ODDS_DROP]=-500:2000"];

/** The i-th rule's `/fixtures/backtest` path over `scope` (the days, and a league if any: `start_date=...&end_date=...`). */
export function backtestPath(i: number, scope: string): string {
  const selection = SELECTIONS[i % SELECTIONS.length]!;
  const bet = `market_id=${selection.market.id}&label_id=${selection.label.id}${selection.line ? `&line=${selection.line}` : ""}`;
  const price = i % 6 === 5 ? "" : `&bookmaker_id=${(i % 6) + 1}`;
  return `/fixtures/backtest?${bet}${price}&${scope}${WHERES[i % WHERES.length]}`;
}

/**
 * In-play rules of one to three conditions, each with a windowed value, some with a trend's
 * cumulative value, a pre-match metric or a minute range; `k` moves the thresholds, so the rule
 * differs from round to round.
 */
const IN_PLAY_RULES: Array<(k: number) => string> = [
  (k) => `where[DANGEROUS_ATTACKS_LAST_10]=${10 + k}:999:HOME&where[GOALS]=0:0`,
  (k) => `where[CORNERS_LAST_5]=${2 + k}:99`,
  (k) => `where[SHOTS_ON_TARGET_LAST_15]=${2 + k}:99&where[GOALS]=0:1&where[ATTACKS]=${50 + 5 * k}:999`,
  (k) => `where[DANGEROUS_ATTACKS_LAST_5]=${4 + k}:99:AWAY&minute_from=60`,
  (k) => `where[EXPECTED_GOALS_LAST_10]=${40 + 10 * k}:9999&where[GOALS]=1:1&minute_to=75`,
  (k) => `where[ATTACKS_LAST_10]=${12 + k}:99:HOME&where[PREDICTION_HOME_WIN_PROBABILITY]=40:70`,
];

/** The i-th in-play rule's `/fixtures/backtest/in-play` path over `scope`. */
export function inPlayBacktestPath(i: number, scope: string): string {
  const rule = IN_PLAY_RULES[i % IN_PLAY_RULES.length]!;
  return `/fixtures/backtest/in-play?${scope}&${rule(Math.floor(i / IN_PLAY_RULES.length) % 4)}`;
}
