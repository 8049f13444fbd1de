import { describe, expect, it } from "vitest";
import { maxDrawdown } from "../../src/domain/backtest/drawdown.js";
import { BOOKMAKERS, SELECTIONS } from "../../src/domain/football/odds/markets.js";
import { BEST_PRICE, bookmakerKey, selectionKey } from "../../src/domain/fixture/settled-selections.js";
import { BacktestReads } from "../../src/backtest/backtest-reads.js";
import { exactMaxDrawdown } from "../../src/domain/backtest/exact-drawdown.js";
import { profitSequenceRequest, type BacktestInput } from "../../src/search/backtest/backtest-request.js";
import { readSequencedBets } from "../../src/store/backtest-reads.js";
import { useRealDataEnv } from "../support/real-data-env.js";

/**
 * max_drawdown from the days' sums (the reading of a rule of more than one page of bets) against the
 * walk of every bet, on the real data: every selection at the best price and at each bookmaker,
 * over all history, read as if the first page were not the whole sequence, so the refinement runs
 * whatever the number of bets. The differential test checks the endpoint against a recomputation;
 * its rules mostly fit in one page, so this file is where the refinement meets real sequences.
 */

const { realData, env } = useRealDataEnv();
/** A first page shorter than the endpoint's (10,000), so the real data's sequences run past it. */
const FIRST_PAGE = 1_000;

describe.skipIf(!realData)("max_drawdown from the days' sums on the real data", () => {
  it("equals the walk of every bet for every selection and price over all history", { timeout: 600_000 }, async () => {
    const index = env().deps.indices.fixtures_all;
    const prices = [BEST_PRICE, ...BOOKMAKERS.map((bookmaker) => bookmakerKey(bookmaker.id))];
    let bounded = 0;
    let betsWalked = 0;
    let betsRead = 0;
    let rules = 0;
    for (const selection of SELECTIONS) {
      for (const price of prices) {
        const input: BacktestInput = { where: [], start: new Date("2000-01-01T00:00:00Z"), end: new Date(), selectionKey: selectionKey(selection), price };
        const reads = new BacktestReads(env().es, env().deps.indices, input);
        const days = await reads.daySums();
        const all = await readSequencedBets(env().es, profitSequenceRequest(input, index));
        const totals = { bets: all.bets.length, profitMilli: all.bets.reduce((sum, bet) => sum + bet.profit, 0) };
        // Every other rule starts from a first page of its bets as the endpoint does (its days known
        // but the last, which the page may cut), the others from none.
        const firstPage = (rules++ % 2 === 0 ? { bets: all.bets.slice(0, FIRST_PAGE), complete: false } : { bets: [], complete: false });
        const result = await exactMaxDrawdown(reads, firstPage, days, totals);
        const label = `${selectionKey(selection)} at ${price}: ${all.bets.length} bets`;
        expect.soft(result.maxDrawdown, label).toBe(maxDrawdown(all.bets.map((bet) => bet.profit)));
        if (result.how === "bounds") bounded++;
        betsWalked += all.bets.length;
        betsRead += result.betsRead;
      }
    }
    // The refinement must have answered most rules itself, reading a small part of their bets, or equality proves little.
    expect(bounded).toBeGreaterThan((SELECTIONS.length * prices.length) / 2);
    expect(betsRead).toBeLessThan(betsWalked / 2);
  });
});
