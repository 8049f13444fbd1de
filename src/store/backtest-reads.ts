import type { Client, estypes } from "@elastic/elasticsearch";
import type { SequencedBet, SequencePage, SpanProfits } from "../domain/backtest/drawdown-bounds.js";
import { readFound } from "./multi-get.js";
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
/** The bets of a search's fixtures (search/backtest/backtest-request.ts, `bets`): their settled selection backed. */
type Bets<Aggs> = { selection: { bet: Count & Aggs } };
type WonAndProfit = Count & { won: Count; profit: Sum };
type LeagueBucket = WonAndProfit & { key: number };
type MonthBucket = WonAndProfit & { key_as_string: string; cumulative_profit: Sum };
/** A span of kick-off's bets (search/backtest/backtest-request.ts, `spanSums`). */
type SpanBucket = Count & { key: number; profit: Sum; loss: Sum };
type CountAggs = WonAndProfit & {
  lost: Count;
  void: Count;
  sp: Sum;
  by_league: { buckets: LeagueBucket[] };
  by_month: { buckets: MonthBucket[] };
};

/**
 * The one aggregation search of a backtest (search/backtest/backtest-request.ts), read into its
 * counts, with the leagues' names from the leagues index (one `_mget` of the leagues bet on).
 */
export async function readBacktestCounts(es: Client, request: estypes.SearchRequest, leaguesIndex: string): Promise<BacktestCounts> {
  const response = await es.search<unknown, Bets<CountAggs>>(request);
  const bets = response.aggregations?.selection.bet;
  if (!bets) throw new Error("backtest: the search answered without its aggregations");
  const names = await readLeagueNames(es, leaguesIndex, bets.by_league.buckets.map((bucket) => bucket.key));
  return {
    fixtures: totalHits(response),
    bets: bets.doc_count,
    won: bets.won.doc_count,
    lost: bets.lost.doc_count,
    void: bets.void.doc_count,
    spCents: bets.sp.value,
    profitMilli: bets.profit.value,
    leagues: bets.by_league.buckets.map((bucket) => ({
      id: bucket.key,
      name: names.get(bucket.key) ?? "",
      bets: bucket.doc_count,
      won: bucket.won.doc_count,
      profitMilli: bucket.profit.value,
    })),
    months: bets.by_month.buckets.flatMap((bucket) =>
      bucket.doc_count === 0
        ? []
        : [{ month: bucket.key_as_string, bets: bucket.doc_count, won: bucket.won.doc_count, profitMilli: bucket.profit.value, cumulativeMilli: bucket.cumulative_profit.value }],
    ),
  };
}

/** The names of these leagues (by id) as the leagues index holds them, the same the fixtures carry. */
export async function readLeagueNames(es: Client, leaguesIndex: string, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const found = await readFound<{ name: string }>(es, { index: leaguesIndex, ids: ids.map(String), _source: ["name"] });
  return new Map(found.map(({ id, doc }) => [Number(id), doc.name]));
}

/** Spans' bets as summed (search/backtest/backtest-request.ts, `spanSumsRequest`), in order; `width` the span's, in ms. */
export async function readSpanSums(es: Client, request: estypes.SearchRequest, width: number): Promise<SpanProfits[]> {
  const response = await es.search<unknown, Bets<{ spans: { buckets: SpanBucket[] } }>>(request);
  const spans = response.aggregations?.selection.bet.spans;
  if (!spans) throw new Error("backtest: the span sums answered without their aggregation");
  return spans.buckets.map((bucket) => ({
    from: bucket.key,
    to: bucket.key + width,
    bets: bucket.doc_count,
    profit: bucket.profit.value,
    // The gains are the profit less the losses (a loss is the same at every price; settled-selections.ts, `loss_milli`).
    gain: bucket.profit.value - bucket.loss.value,
    loss: bucket.loss.value,
  }));
}

/**
 * The bets of a profit sequence (search/backtest/backtest-request.ts, `profitSequenceRequest`):
 * each hit's first sort value is its kick-off, the last its profit. Page by page with `search_after`
 * until a page is not full, or until `atMost` bets are read (then `complete` is false).
 */
export async function readSequencedBets(es: Client, request: estypes.SearchRequest, atMost = Infinity): Promise<SequencePage> {
  const bets: SequencedBet[] = [];
  let after: estypes.SortResults | undefined;
  for (;;) {
    const response = await es.search({ ...request, ...(after ? { search_after: after } : {}), filter_path: "hits.hits.sort" });
    const hits = response.hits?.hits ?? [];
    for (const hit of hits) bets.push({ at: Number(hit.sort?.[0]), profit: Number(hit.sort?.[hit.sort.length - 1]) });
    if (hits.length < (request.size ?? 10)) return { bets, complete: true };
    if (bets.length >= atMost) return { bets, complete: false };
    after = hits[hits.length - 1]?.sort;
  }
}
