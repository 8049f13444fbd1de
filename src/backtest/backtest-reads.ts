import type { Client } from "@elastic/elasticsearch";
import { betsBySpan, DAY_MS, MINUTE_MS, type SequencePage, type SpanProfits } from "../domain/backtest/drawdown-bounds.js";
import type { DrawdownReads } from "../domain/backtest/drawdown-refinement.js";
import { backtestAggregationRequest, profitSequenceRequest, SEQUENCE_PAGE, spanSumsRequest, summedByDay, type BacktestInput } from "../search/backtest/backtest-request.js";
import { readBacktestCounts, readSequencedBets, readSpanSums, type BacktestCounts } from "../store/backtest-reads.js";
import type { IndexNames } from "../store/index-names.js";

/**
 * What GET /fixtures/backtest reads for one rule: each request built once from the rule
 * (search/backtest/backtest-request.ts) and read by the store's readers (store/backtest-reads.ts),
 * so the rule and the index are given once, here, and neither layer calls the other. It is the
 * `DrawdownReads` max_drawdown's refinement reads through (domain/backtest/exact-drawdown.ts).
 */
export class BacktestReads implements DrawdownReads {
  /** Past fixtures are in both families: history and what the live part still holds. */
  private readonly index: string;
  private readonly leaguesIndex: string;

  constructor(
    private readonly es: Client,
    indices: Pick<IndexNames, "fixtures_all" | "leagues">,
    private readonly input: BacktestInput,
  ) {
    this.index = indices.fixtures_all;
    this.leaguesIndex = indices.leagues;
  }

  /** What the rule's bets count: fixtures, bets, results, profit, by league and by month. */
  counts(): Promise<BacktestCounts> {
    return readBacktestCounts(this.es, backtestAggregationRequest(this.input, this.index), this.leaguesIndex);
  }

  /** Every UTC day's bets summed (max_drawdown's first bounds); undefined for a range too long to sum by day. */
  daySums(): Promise<SpanProfits[] | undefined> {
    return summedByDay(this.input) ? readSpanSums(this.es, spanSumsRequest(this.input, this.index), DAY_MS) : Promise.resolve(undefined);
  }

  /**
   * The first page of the bets' sequence: most rules (a season, a league) have fewer bets than a
   * page, and for them it is the whole sequence, walked at no extra wait. A full page means more.
   */
  firstSequencePage(): Promise<SequencePage> {
    return readSequencedBets(this.es, profitSequenceRequest(this.input, this.index), SEQUENCE_PAGE);
  }

  async allBets(): Promise<number[]> {
    return (await readSequencedBets(this.es, profitSequenceRequest(this.input, this.index))).bets.map((bet) => bet.profit);
  }

  async betsOfSpans(spans: readonly SpanProfits[]): Promise<Map<number, number[]>> {
    return betsBySpan((await readSequencedBets(this.es, profitSequenceRequest(this.input, this.index, spans))).bets, spans);
  }

  minutesOfSpans(spans: readonly SpanProfits[]): Promise<SpanProfits[]> {
    return readSpanSums(this.es, spanSumsRequest(this.input, this.index, spans), MINUTE_MS);
  }
}
