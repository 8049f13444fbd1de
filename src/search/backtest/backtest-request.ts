import type { estypes } from "@elastic/elasticsearch";
import { DAY_MS, type SpanProfits } from "../../domain/backtest/drawdown-bounds.js";
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
  /** The selection backed (settled-selections.ts, `selectionKey`) and the price backed. */
  selectionKey: string;
  price: PriceKey;
};

/** Leagues a backtest reports at most; more than any catalogue holds (terms is exact below it). */
export const MAX_LEAGUES = 10_000;

/** The nested documents a backtest bets on (indices/fixtures.json): one per settled selection of a finished fixture. */
const SETTLED_PATH = "settled_selections";

/** A bet's copy of its fixture's kick-off and league (domain/fixture/settled-selections.ts). */
const SETTLED_KICK_OFF = `${SETTLED_PATH}.date_time`;
const SETTLED_LEAGUE = `${SETTLED_PATH}.league_id`;

/** The fields of a settled selection a backtest reads: which one it is, its result, and the price backed's sp and profit. */
export function betFields(price: PriceKey): { selection: string; result: string; sp: string; profit: string } {
  return {
    selection: `${SETTLED_PATH}.selection`,
    result: `${SETTLED_PATH}.result`,
    sp: `${SETTLED_PATH}.sp_cents.${price}`,
    profit: `${SETTLED_PATH}.profit_milli.${price}`,
  };
}

/**
 * The rule: the same where builder as /fixtures/search (on a finished fixture `effective` holds the
 * metric of a metric name, statistics having names of their own; in history it holds the metrics
 * only, index-family.ts), the leagues and the kick-off days.
 */
function ruleFilter(input: BacktestInput): estypes.QueryDslQueryContainer[] {
  return [
    { range: { date_time: { gte: input.start.toISOString(), lt: input.end.toISOString() } } },
    ...(input.leagueIds ? [{ terms: { "league.id": [...input.leagueIds] } }] : []),
    ...whereClauses(input.where),
  ];
}

/**
 * A bet, inside `settled_selections`: the selection backed with a starting price at the price backed.
 * A fixture holds each selection once, so a matched fixture has at most one such document.
 */
function selectionBet(input: Pick<BacktestInput, "selectionKey" | "price">): estypes.QueryDslQueryContainer {
  const fields = betFields(input.price);
  return { bool: { filter: [{ term: { [fields.selection]: input.selectionKey } }, { exists: { field: fields.profit } }] } };
}

/** A fixture with a bet (only finished fixtures have settled selections). */
function betFilter(input: BacktestInput): estypes.QueryDslQueryContainer {
  return { nested: { path: SETTLED_PATH, query: selectionBet(input) } };
}

/**
 * The bets of the fixtures matched, and what they count, in one pass over their nested documents:
 * Elasticsearch steps into the fixtures' settled selections (`nested`, walking each fixture's settled
 * selections once), keeps the one backed (`filter`, its doc_count is the bets) and buckets and sums there on
 * the league, kick-off and loss copied into each (domain/fixture/settled-selections.ts). A bucket
 * taken on the fixtures would step into their nested documents once per bucketing instead.
 */
function bets(input: BacktestInput, aggs: Record<string, estypes.AggregationsAggregationContainer>): Record<string, estypes.AggregationsAggregationContainer> {
  return { selection: { nested: { path: SETTLED_PATH }, aggs: { bet: { filter: selectionBet(input), aggs } } } };
}

/** What every bucket of bets counts: the won ones and the profit. */
function wonAndProfit(input: BacktestInput): Record<string, estypes.AggregationsAggregationContainer> {
  const fields = betFields(input.price);
  return {
    won: { filter: { terms: { [fields.result]: ["won", "half_won"] } } },
    profit: { sum: { field: fields.profit } },
  };
}

/**
 * Days of kick-off a backtest sums day by day at most (about 100 years), below Elasticsearch's
 * `search.max_buckets` (65,536 buckets a search). Only days with a bet are buckets, so a real
 * catalogue never comes near; a longer range is not summed by day and max_drawdown walks every bet.
 */
export const MAX_BACKTEST_DAYS = 36_600;

/** Whether the days of kick-off are few enough to be summed day by day (MAX_BACKTEST_DAYS). */
export function summedByDay(input: Pick<BacktestInput, "start" | "end">): boolean {
  return (input.end.getTime() - input.start.getTime()) / DAY_MS <= MAX_BACKTEST_DAYS;
}

/**
 * A span's bets for max_drawdown's bounds (domain/backtest/drawdown-bounds.ts), on a histogram of
 * the bets' kick-off: their count, profit and losses (the gains are the profit minus the losses).
 * Only spans with a bet are buckets (min_doc_count 1).
 */
function spanSums(input: BacktestInput, interval: { calendar_interval: "day" } | { fixed_interval: "1m" }): estypes.AggregationsAggregationContainer {
  return {
    date_histogram: { field: SETTLED_KICK_OFF, ...interval, time_zone: "UTC", min_doc_count: 1 },
    aggs: { profit: { sum: { field: betFields(input.price).profit } }, loss: { sum: { field: `${SETTLED_PATH}.loss_milli` } } },
  };
}

/**
 * One search that counts the whole backtest: hits are the matched fixtures (any status), and the
 * bets among their settled selections (`bets`) are summed in total, per league and per kick-off
 * month (UTC) with the running profit (`cumulative_sum`). Money fields are integers, so every sum
 * is exact. The leagues' names are not here: the reader takes them from the leagues index.
 */
export function backtestAggregationRequest(input: BacktestInput, index: string): estypes.SearchRequest {
  const fields = betFields(input.price);
  return {
    index,
    size: 0,
    track_total_hits: true,
    allow_partial_search_results: false,
    query: { bool: { filter: ruleFilter(input) } },
    aggs: bets(input, {
      ...wonAndProfit(input),
      lost: { filter: { terms: { [fields.result]: ["lost", "half_lost"] } } },
      void: { filter: { term: { [fields.result]: "void" } } },
      sp: { sum: { field: fields.sp } },
      by_league: {
        terms: { field: SETTLED_LEAGUE, size: MAX_LEAGUES, order: { _key: "asc" } },
        aggs: wonAndProfit(input),
      },
      by_month: {
        // cumulative_sum needs every month between the first and the last bet (min_doc_count 0); the reader drops the empty ones.
        date_histogram: { field: SETTLED_KICK_OFF, calendar_interval: "month", time_zone: "UTC", min_doc_count: 0, format: "yyyy-MM" },
        aggs: { ...wonAndProfit(input), cumulative_profit: { cumulative_sum: { buckets_path: "profit" } } },
      },
    }),
  };
}

/** Bets per page of the profit sequence (Elasticsearch's default result window). */
export const SEQUENCE_PAGE = 10_000;

/**
 * Kick-off in one of these spans (domain/backtest/drawdown-bounds.ts): one range per run of
 * adjoining spans, so the spans a refinement reads (often side by side, around a peak or a trough)
 * stay few clauses.
 */
function inSpans(spans: readonly SpanProfits[]): estypes.QueryDslQueryContainer {
  const runs: Array<{ from: number; to: number }> = [];
  for (const { from, to } of [...spans].sort((a, b) => a.from - b.from)) {
    const last = runs.at(-1);
    if (last && last.to === from) last.to = to;
    else runs.push({ from, to });
  }
  const ranges = runs.map(({ from, to }) => ({ range: { date_time: { gte: new Date(from).toISOString(), lt: new Date(to).toISOString() } } }));
  return { bool: { should: ranges, minimum_should_match: 1 } };
}

/**
 * The bets summed per span of kick-off (`spans` aggregation) for max_drawdown's bounds: every UTC
 * day with a bet, or, with `within`, those spans (days) minute by minute. A search of its own, run
 * beside the counts rather than inside them: a search runs on one core, and two side by side use
 * both. The request answers sooner so, for more of the node's CPU, since the days' search walks
 * the bets again (docs/index-fields.md, "settled_selections", has the figures at 1M fixtures).
 */
export function spanSumsRequest(input: BacktestInput, index: string, within?: readonly SpanProfits[]): estypes.SearchRequest {
  return {
    index,
    size: 0,
    track_total_hits: false,
    allow_partial_search_results: false,
    query: { bool: { filter: [...ruleFilter(input), betFilter(input), ...(within ? [inSpans(within)] : [])] } },
    aggs: bets(input, { spans: spanSums(input, within ? { fixed_interval: "1m" } : { calendar_interval: "day" }) }),
  };
}

/**
 * The bets' profits in kick-off order, then fixture id, a page at a time: what max_drawdown walks
 * (the reader pages on with `search_after`; the sort ends on the fixture id, unique to a bet).
 * No document is loaded (`stored_fields: _none_`): each hit is its sort values, the profit last,
 * read from the bet's nested document (a nested sort filtered to the selection backed), the
 * kick-off (ms) first. With `spans`, only the bets of those spans (max_drawdown's refinement).
 */
export function profitSequenceRequest(input: BacktestInput, index: string, spans?: readonly SpanProfits[]): estypes.SearchRequest {
  return {
    index,
    size: SEQUENCE_PAGE,
    track_total_hits: false,
    allow_partial_search_results: false,
    stored_fields: "_none_",
    query: { bool: { filter: [...ruleFilter(input), betFilter(input), ...(spans ? [inSpans(spans)] : [])] } },
    sort: [
      { date_time: { order: "asc" } },
      { id: { order: "asc" } },
      { [betFields(input.price).profit]: { order: "asc", nested: { path: SETTLED_PATH, filter: selectionBet(input) } } },
    ],
  };
}
