import type { Client, estypes } from "@elastic/elasticsearch";

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

/** The one aggregation search of a backtest (search/backtest/backtest-request.ts), read into its counts. */
export async function readBacktestCounts(es: Client, request: estypes.SearchRequest): Promise<BacktestCounts> {
  const response = await es.search<unknown, { bets: BetAggs }>(request);
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
