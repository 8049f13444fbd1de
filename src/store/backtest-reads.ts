import type { Client, estypes } from "@elastic/elasticsearch";
import { backtestAggregationRequest, profitSequenceRequest, SEQUENCE_PAGE, type BacktestInput } from "../search/backtest/backtest-request.js";

/** Counts as Elasticsearch summed them; money in the stored integer units (prices in cents, profits in thousandths). */
export type BacktestCounts = {
  fixtures: number;
  bets: number;
  won: number;
  lost: number;
  void: number;
  spCents: number;
  profitMilli: number;
  leagues: Array<{ id: number; name: string; bets: number; won: number; profitMilli: number }>;
  months: Array<{ month: string; bets: number; won: number; profitMilli: number; cumulativeMilli: number }>;
};

type Sum = { value: number };
type Count = { doc_count: number };
type Outcome = Count & { won: Count; profit: Sum };
type LeagueBucket = Outcome & { key: number; league: { hits: { hits: Array<{ _source?: { league?: { id: number; name: string } } }> } } };
type MonthBucket = Outcome & { key_as_string: string; cumulative_profit: Sum };
type BetAggs = Outcome & { lost: Count; void: Count; sp: Sum; by_league: { buckets: LeagueBucket[] }; by_month: { buckets: MonthBucket[] } };

/** The one aggregation search of a backtest, read into its counts. */
export async function readBacktestCounts(es: Client, index: string, input: BacktestInput): Promise<BacktestCounts> {
  const response = await es.search<unknown, { bets: BetAggs }>(backtestAggregationRequest(input, index));
  const bets = response.aggregations?.bets;
  if (!bets) throw new Error("backtest: the search answered without its aggregations");
  const total = response.hits.total;
  return {
    fixtures: typeof total === "number" ? total : (total?.value ?? 0),
    bets: bets.doc_count,
    won: bets.won.doc_count,
    lost: bets.lost.doc_count,
    void: bets.void.doc_count,
    spCents: bets.sp.value,
    profitMilli: bets.profit.value,
    leagues: bets.by_league.buckets.map((bucket) => ({
      id: bucket.key,
      name: bucket.league.hits.hits[0]?._source?.league?.name ?? "",
      bets: bucket.doc_count,
      won: bucket.won.doc_count,
      profitMilli: bucket.profit.value,
    })),
    months: bets.by_month.buckets.filter((bucket) => bucket.doc_count > 0).map((bucket) => ({
      month: bucket.key_as_string,
      bets: bucket.doc_count,
      won: bucket.won.doc_count,
      profitMilli: bucket.profit.value,
      cumulativeMilli: bucket.cumulative_profit.value,
    })),
  };
}

/**
 * Every bet's profit (thousandths) in kick-off order, then fixture id, page by page with
 * `search_after` until a page is not full.
 */
export async function readProfitSequence(es: Client, index: string, input: BacktestInput): Promise<number[]> {
  const profits: number[] = [];
  let after: estypes.SortResults | undefined;
  for (;;) {
    const response = await es.search({ ...profitSequenceRequest(input, index, after), filter_path: "hits.hits.sort" });
    const hits = response.hits?.hits ?? [];
    for (const hit of hits) profits.push(Number(hit.sort?.[2]));
    if (hits.length < SEQUENCE_PAGE) break;
    after = hits[hits.length - 1]?.sort;
  }
  return profits;
}
