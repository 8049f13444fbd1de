import type { Client, estypes } from "@elastic/elasticsearch";
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
type BetAggs = Bets<{ lost: Count; void: Count; sp: Sum }> & { by_league: { buckets: LeagueBucket[] }; by_month: { buckets: MonthBucket[] } };

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

/**
 * The last sort value of every hit, in the search's order, page by page with `search_after` until a
 * page is not full: a backtest's bets' profits in kick-off order, then fixture id. Only the sort
 * values come back (`filter_path`), no document.
 */
export async function readLastSortValues(es: Client, pageRequest: (after?: estypes.SortResults) => estypes.SearchRequest): Promise<number[]> {
  const values: number[] = [];
  let after: estypes.SortResults | undefined;
  for (;;) {
    const request = pageRequest(after);
    const response = await es.search({ ...request, filter_path: "hits.hits.sort" });
    const hits = response.hits?.hits ?? [];
    for (const hit of hits) values.push(Number(hit.sort?.[hit.sort.length - 1]));
    if (hits.length < (request.size ?? 10)) break;
    after = hits[hits.length - 1]?.sort;
  }
  return values;
}
