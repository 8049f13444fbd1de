import type { Client } from "@elastic/elasticsearch";
import { betsByDay, utcDay, type DayProfits, type SequencedBet } from "../../domain/backtest/drawdown-bounds.js";
import { REFINE_LIMITS, refineMaxDrawdown, type DrawdownResult } from "../../domain/backtest/drawdown-refinement.js";
import { maxDrawdown } from "../../domain/backtest/drawdown.js";
import { profitSequenceRequest, SEQUENCE_PAGE, type BacktestInput } from "../../search/backtest/backtest-request.js";
import { readSequencedBets } from "../../store/backtest-reads.js";

/**
 * The first page of the bets' sequence, read beside the counts: most rules (a season, a league)
 * have fewer bets than a page, and for them it is the whole sequence, walked as before at no
 * extra wait. A full page means more: then the counts' days bound max_drawdown (backtestMaxDrawdown).
 */
export function readFirstSequencePage(es: Client, input: BacktestInput, index: string) {
  return readSequencedBets(es, (after) => profitSequenceRequest(input, index, after), SEQUENCE_PAGE);
}

/**
 * max_drawdown, exact: the walk of the first page when it held every bet; else from the days'
 * sums, reading bet by bet only the days the bounds need (domain/backtest/drawdown-refinement.ts),
 * or every bet when the range was not summed by day or the refinement passed its limits.
 */
export async function backtestMaxDrawdown(
  es: Client,
  input: BacktestInput,
  index: string,
  firstPage: { bets: readonly SequencedBet[]; complete: boolean },
  days: readonly DayProfits[] | undefined,
): Promise<DrawdownResult> {
  if (firstPage.complete) {
    return { maxDrawdown: maxDrawdown(firstPage.bets.map((bet) => bet.profit)), how: "walk", betsRead: firstPage.bets.length };
  }
  const allBets = async () => (await readSequencedBets(es, (after) => profitSequenceRequest(input, index, after))).bets.map((bet) => bet.profit);
  if (!days) {
    const profits = await allBets();
    return { maxDrawdown: maxDrawdown(profits), how: "walk", betsRead: firstPage.bets.length + profits.length };
  }
  // The first page holds its days whole but perhaps its last: the page may end inside it.
  const known = betsByDay(firstPage.bets);
  const last = firstPage.bets.at(-1);
  if (last) known.delete(utcDay(last.at));
  const reads = {
    betsOfDays: async (wanted: readonly DayProfits[]) =>
      betsByDay((await readSequencedBets(es, (after) => profitSequenceRequest(input, index, after, wanted))).bets),
    allBets,
  };
  return refineMaxDrawdown(days, reads, REFINE_LIMITS, known);
}
