import type { estypes } from "@elastic/elasticsearch";
import type { PriceKey } from "../../domain/fixture/settled-selections.js";
import type { WhereCondition } from "../fixtures-search/conditions.js";
import { whereClauses } from "../fixtures-search/where-clauses.js";

/** Validated GET /fixtures/backtest input, as the router hands it over. */
export type BacktestInput = {
  leagueIds?: readonly number[] | undefined;
  where: readonly WhereCondition[];
  /** Kick-off from this instant (inclusive) to `end` (exclusive): whole UTC days. */
  start: Date;
  end: Date;
  /** The selection's field (settled-selections.ts, `selectionKey`) and the price backed. */
  selectionKey: string;
  price: PriceKey;
};

/** Leagues a backtest reports at most; more than any catalogue holds (terms is exact below it). */
export const MAX_LEAGUES = 10_000;

/** The settled fields a backtest reads (indices/fixtures.json, `settled_selections`). */
export function betFields(input: Pick<BacktestInput, "selectionKey" | "price">): { result: string; sp: string; profit: string } {
  const base = `settled_selections.${input.selectionKey}`;
  return { result: `${base}.result`, sp: `${base}.sp_cents.${input.price}`, profit: `${base}.profit_milli.${input.price}` };
}

/**
 * The rule: the same where builder as /fixtures/search (on a finished fixture `effective` holds the
 * metric of a metric name, statistics having names of their own), the leagues and the kick-off days.
 */
function ruleFilter(input: BacktestInput): estypes.QueryDslQueryContainer[] {
  return [
    { range: { date_time: { gte: input.start.toISOString(), lt: input.end.toISOString() } } },
    ...(input.leagueIds ? [{ terms: { "league.id": [...input.leagueIds] } }] : []),
    ...whereClauses(input.where),
  ];
}

/** A bet is a matched fixture with a settled price for the selection (only finished fixtures have one). */
function betFilter(input: BacktestInput): estypes.QueryDslQueryContainer {
  return { exists: { field: betFields(input).profit } };
}

/** Won, lost, void and the profit, per bucket: what every level of the answer counts. */
function outcomeAggs(input: BacktestInput): Record<string, estypes.AggregationsAggregationContainer> {
  const fields = betFields(input);
  return {
    won: { filter: { terms: { [fields.result]: ["won", "half_won"] } } },
    profit: { sum: { field: fields.profit } },
  };
}

/**
 * One search that counts the whole backtest: hits are the matched fixtures (any status), and under
 * `bets` Elasticsearch sums each figure, per league and per kick-off month (UTC) with the running
 * profit (`cumulative_sum`). Money fields are integers, so every sum is exact.
 */
export function backtestAggregationRequest(input: BacktestInput, index: string): estypes.SearchRequest {
  const fields = betFields(input);
  return {
    index,
    size: 0,
    track_total_hits: true,
    allow_partial_search_results: false,
    query: { bool: { filter: ruleFilter(input) } },
    aggs: {
      bets: {
        filter: betFilter(input),
        aggs: {
          ...outcomeAggs(input),
          lost: { filter: { terms: { [fields.result]: ["lost", "half_lost"] } } },
          void: { filter: { term: { [fields.result]: "void" } } },
          sp: { sum: { field: fields.sp } },
          by_league: {
            terms: { field: "league.id", size: MAX_LEAGUES, order: { _key: "asc" } },
            aggs: { ...outcomeAggs(input), league: { top_hits: { size: 1, _source: { includes: ["league.id", "league.name"] } } } },
          },
          by_month: {
            // cumulative_sum needs every month between the first and the last bet (min_doc_count 0); the reader drops the empty ones.
            date_histogram: { field: "date_time", calendar_interval: "month", time_zone: "UTC", min_doc_count: 0, format: "yyyy-MM" },
            aggs: { ...outcomeAggs(input), cumulative_profit: { cumulative_sum: { buckets_path: "profit" } } },
          },
        },
      },
    },
  };
}

/** Bets per page of the profit sequence (Elasticsearch's default result window). */
export const SEQUENCE_PAGE = 10_000;

/**
 * One page of the bets' profits in kick-off order, then fixture id: what max_drawdown walks.
 * No document is loaded (`stored_fields: _none_`): each hit is its sort values, the profit last.
 */
export function profitSequenceRequest(input: BacktestInput, index: string, after?: estypes.SortResults): estypes.SearchRequest {
  return {
    index,
    size: SEQUENCE_PAGE,
    track_total_hits: false,
    allow_partial_search_results: false,
    stored_fields: "_none_",
    query: { bool: { filter: [...ruleFilter(input), betFilter(input)] } },
    sort: [{ date_time: { order: "asc" } }, { id: { order: "asc" } }, { [betFields(input).profit]: { order: "asc" } }],
    ...(after ? { search_after: after } : {}),
  };
}
