import type { Client } from "@elastic/elasticsearch";
import { betsBySpan, DAY_MS, MINUTE_MS, type SequencedBet, type SpanProfits } from "../../domain/backtest/drawdown-bounds.js";
import { REFINE_LIMITS, refineMaxDrawdown, type DrawdownResult } from "../../domain/backtest/drawdown-refinement.js";
import { maxDrawdown } from "../../domain/backtest/drawdown.js";
import { profitSequenceRequest, SEQUENCE_PAGE, spanSumsRequest, summedByDay, type BacktestInput } from "../../search/backtest/backtest-request.js";
import { readSequencedBets, readSpanSums } from "../../store/backtest-reads.js";

/**
 * The first page of the bets' sequence, read beside the counts: most rules (a season, a league)
 * have fewer bets than a page, and for them it is the whole sequence, walked whole at no
 * extra wait. A full page means more: then the counts' days bound max_drawdown (backtestMaxDrawdown).
 */
export function readFirstSequencePage(es: Client, input: BacktestInput, index: string) {
  return readSequencedBets(es, (after) => profitSequenceRequest(input, index, after), SEQUENCE_PAGE);
}

/** Every UTC day's bets summed (max_drawdown's first bounds), beside the counts; undefined for a range too long to sum by day. */
export function readDaySums(es: Client, input: BacktestInput, index: string): Promise<SpanProfits[] | undefined> {
  return summedByDay(input) ? readSpanSums(es, spanSumsRequest(input, index), DAY_MS) : Promise.resolve(undefined);
}

/** Whether the days' sums hold every bet the counts counted: a bet the days lack would never be read. */
function daysHoldEveryBet(days: readonly SpanProfits[], totals: BetTotals): boolean {
  const bets = days.reduce((sum, day) => sum + day.bets, 0);
  const profit = days.reduce((sum, day) => sum + day.profit, 0);
  return bets === totals.bets && profit === totals.profitMilli;
}

/** The bets and profit (thousandths) of the rule as the counts summed them. */
export type BetTotals = { bets: number; profitMilli: number };

/**
 * max_drawdown, exact: the walk of the first page when it held every bet; else from the days'
 * sums, summing by minute or reading bet by bet only the spans the bounds need (domain/backtest/drawdown-refinement.ts),
 * or every bet when the range was not summed by day, the days do not add up to the counts' totals
 * (a fixture settled between the searches, or bets the days' histogram missed) or the refinement
 * passed its limits.
 */
export async function backtestMaxDrawdown(
  es: Client,
  input: BacktestInput,
  index: string,
  firstPage: { bets: readonly SequencedBet[]; complete: boolean },
  days: readonly SpanProfits[] | undefined,
  totals: BetTotals,
): Promise<DrawdownResult> {
  if (firstPage.complete) {
    return { maxDrawdown: maxDrawdown(firstPage.bets.map((bet) => bet.profit)), how: "walk", betsRead: firstPage.bets.length };
  }
  const allBets = async () => (await readSequencedBets(es, (after) => profitSequenceRequest(input, index, after))).bets.map((bet) => bet.profit);
  if (!days || !daysHoldEveryBet(days, totals)) {
    const profits = await allBets();
    return { maxDrawdown: maxDrawdown(profits), how: "walk", betsRead: firstPage.bets.length + profits.length };
  }
  // The first page holds its days whole but perhaps its last (the page may end inside it): the
  // refinement takes only the days read whole, those whose bets are the day summed (`sameSpan`).
  const known = betsBySpan(firstPage.bets, days);
  const reads = {
    betsOfSpans: async (spans: readonly SpanProfits[]) =>
      betsBySpan((await readSequencedBets(es, (after) => profitSequenceRequest(input, index, after, spans))).bets, spans),
    minutesOfSpans: (spans: readonly SpanProfits[]) => readSpanSums(es, spanSumsRequest(input, index, spans), MINUTE_MS),
    allBets,
  };
  return refineMaxDrawdown(days, reads, REFINE_LIMITS, known);
}
