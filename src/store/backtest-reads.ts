import type { Client, estypes } from "@elastic/elasticsearch";
import type { SequencedBet, SpanProfits } from "../domain/backtest/drawdown-bounds.js";
import { totalHits } from "./searches.js";

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
/** A fixture bucket's bets: its fixtures' settled selection backed (search/backtest/backtest-request.ts, `betAggs`). */
type Bets<Extra = object> = { selection: { bet: Count & { won: Count; profit: Sum } & Extra } };
type LeagueBucket = Bets & { key: number; league: { hits: { hits: Array<{ _source?: { league?: { id: number; name: string } } }> } } };
type MonthBucket = Bets & { key_as_string: string; cumulative_profit: Sum };
/** A span of kick-off's bets (search/backtest/backtest-request.ts, `spanSums`). */
type SpanBucket = Bets<{ gain: { sum: Sum }; loss: { sum: Sum } }> & { key: number };
type BetAggs = Bets<{ lost: Count; void: Count; sp: Sum }> & {
  by_league: { buckets: LeagueBucket[] };
  by_month: { buckets: MonthBucket[] };
};

/** The one aggregation search of a backtest (search/backtest/backtest-request.ts), read into its counts. */
export async function readBacktestCounts(es: Client, request: estypes.SearchRequest): Promise<BacktestCounts> {
  const response = await es.search<unknown, { bets: BetAggs }>(request);
  const aggs = response.aggregations?.bets;
  if (!aggs) throw new Error("backtest: the search answered without its aggregations");
  const bets = aggs.selection.bet;
  return {
    fixtures: totalHits(response),
    bets: bets.doc_count,
    won: bets.won.doc_count,
    lost: bets.lost.doc_count,
    void: bets.void.doc_count,
    spCents: bets.sp.value,
    profitMilli: bets.profit.value,
    leagues: aggs.by_league.buckets.map(({ key, league, selection: { bet } }) => ({
      id: key,
      name: league.hits.hits[0]?._source?.league?.name ?? "",
      bets: bet.doc_count,
      won: bet.won.doc_count,
      profitMilli: bet.profit.value,
    })),
    months: aggs.by_month.buckets.flatMap(({ key_as_string: month, cumulative_profit, selection: { bet } }) =>
      bet.doc_count === 0 ? [] : [{ month, bets: bet.doc_count, won: bet.won.doc_count, profitMilli: bet.profit.value, cumulativeMilli: cumulative_profit.value }],
    ),
  };
}

/** Spans' bets as summed (search/backtest/backtest-request.ts, `spanSumsRequest`), in order; `width` the span's, in ms. */
export async function readSpanSums(es: Client, request: estypes.SearchRequest, width: number): Promise<SpanProfits[]> {
  const response = await es.search<unknown, { spans: { buckets: SpanBucket[] } }>(request);
  const spans = response.aggregations?.spans;
  if (!spans) throw new Error("backtest: the span sums answered without their aggregation");
  return spans.buckets.map(({ key, selection: { bet } }) => ({
    from: key,
    to: key + width,
    bets: bet.doc_count,
    profit: bet.profit.value,
    gain: bet.gain.sum.value,
    loss: bet.loss.sum.value,
  }));
}

/**
 * The bets of a profit sequence (search/backtest/backtest-request.ts, `profitSequenceRequest`):
 * each hit's first sort value is its kick-off, the last its profit. Page by page with `search_after`
 * until a page is not full, or until `atMost` bets are read (then `complete` is false).
 */
export async function readSequencedBets(
  es: Client,
  pageRequest: (after?: estypes.SortResults) => estypes.SearchRequest,
  atMost = Infinity,
): Promise<{ bets: SequencedBet[]; complete: boolean }> {
  const bets: SequencedBet[] = [];
  let after: estypes.SortResults | undefined;
  for (;;) {
    const request = pageRequest(after);
    const response = await es.search({ ...request, filter_path: "hits.hits.sort" });
    const hits = response.hits?.hits ?? [];
    for (const hit of hits) bets.push({ at: Number(hit.sort?.[0]), profit: Number(hit.sort?.[hit.sort.length - 1]) });
    if (hits.length < (request.size ?? 10)) return { bets, complete: true };
    if (bets.length >= atMost) return { bets, complete: false };
    after = hits[hits.length - 1]?.sort;
  }
}
