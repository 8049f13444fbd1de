import { betsBySpan, type SequencePage, type SpanProfits } from "./drawdown-bounds.js";
import { REFINE_LIMITS, refineMaxDrawdown, type DrawdownReads, type DrawdownResult } from "./drawdown-refinement.js";
import { maxDrawdown } from "./drawdown.js";

/** The bets and profit (thousandths) of the rule as the counts summed them. */
export type BetTotals = { bets: number; profitMilli: number };

/** Whether the days' sums hold every bet the counts counted: a bet the days lack would never be read. */
function daysHoldEveryBet(days: readonly SpanProfits[], totals: BetTotals): boolean {
  const bets = days.reduce((sum, day) => sum + day.bets, 0);
  const profit = days.reduce((sum, day) => sum + day.profit, 0);
  return bets === totals.bets && profit === totals.profitMilli;
}

/**
 * max_drawdown, exact: the walk of the first page when it held every bet; else from the days'
 * sums, summing by minute or reading bet by bet only the spans the bounds need (drawdown-refinement.ts),
 * or every bet when the range was not summed by day (`days` undefined), the days do not add up to
 * the counts' totals (a fixture settled between the searches, or bets the days' histogram missed)
 * or the refinement passed its limits.
 */
export async function exactMaxDrawdown(
  reads: DrawdownReads,
  firstPage: SequencePage,
  days: readonly SpanProfits[] | undefined,
  totals: BetTotals,
): Promise<DrawdownResult> {
  if (firstPage.complete) {
    return { maxDrawdown: maxDrawdown(firstPage.bets.map((bet) => bet.profit)), how: "walk", betsRead: firstPage.bets.length };
  }
  if (!days || !daysHoldEveryBet(days, totals)) {
    const profits = await reads.allBets();
    return { maxDrawdown: maxDrawdown(profits), how: "walk", betsRead: firstPage.bets.length + profits.length };
  }
  // The first page holds its days whole but perhaps its last (the page may end inside it): the
  // refinement takes only the days read whole, those whose bets are the day summed (`sameSpan`).
  const known = betsBySpan(firstPage.bets, days);
  return refineMaxDrawdown(days, reads, REFINE_LIMITS, known);
}
