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
