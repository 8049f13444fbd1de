import { describe, expect, it } from "vitest";
import {
  backtestAggregationRequest,
  betFields,
  MAX_BACKTEST_DAYS,
  profitSequenceRequest,
  SEQUENCE_PAGE,
  spanSumsRequest,
  summedByDay,
  type BacktestInput,
} from "../../../../src/search/backtest/backtest-request.js";
import { whereClauses } from "../../../../src/search/fixtures-search/where-clauses.js";

const INPUT: BacktestInput = {
  leagueIds: [8],
  where: [{ name: "HOME_GOALS_SCORED", min: 1500, max: 3000, location: "HOME" }],
  start: new Date("2025-01-01T00:00:00Z"),
  end: new Date("2025-02-01T00:00:00Z"),
  selectionKey: "2_4_25",
  price: "b3",
};
const RULE = [
  { range: { date_time: { gte: "2025-01-01T00:00:00.000Z", lt: "2025-02-01T00:00:00.000Z" } } },
  { terms: { "league.id": [8] } },
  ...whereClauses(INPUT.where),
];
const SELECTION_BET = {
  bool: { filter: [{ term: { "settled_selections.selection": "2_4_25" } }, { exists: { field: "settled_selections.profit_milli.b3" } }] },
};
const BET = { nested: { path: "settled_selections", query: SELECTION_BET } };

describe("the backtest's requests", () => {
  it("read a settled selection's key and result, and the price and profit of the price backed", () => {
    expect(betFields("b3")).toEqual({
      selection: "settled_selections.selection",
      result: "settled_selections.result",
      sp: "settled_selections.sp_cents.b3",
      profit: "settled_selections.profit_milli.b3",
    });
  });

  it("count the matched fixtures with /fixtures/search's where clauses, and their bets in one pass over their settled selections", () => {
    const request = backtestAggregationRequest(INPUT, "fx");
    expect(request).toMatchObject({ index: "fx", size: 0, track_total_hits: true, allow_partial_search_results: false, query: { bool: { filter: RULE } } });
    expect(Object.keys(request.aggs!)).toEqual(["selection"]);
    const selection = request.aggs!.selection!;
    expect(selection.nested).toEqual({ path: "settled_selections" });
    expect(selection.aggs!.bet!.filter).toEqual(SELECTION_BET);
    const { by_league, by_month, ...totals } = selection.aggs!.bet!.aggs!;
    expect(totals).toEqual({
      won: { filter: { terms: { "settled_selections.result": ["won", "half_won"] } } },
      profit: { sum: { field: "settled_selections.profit_milli.b3" } },
      lost: { filter: { terms: { "settled_selections.result": ["lost", "half_lost"] } } },
      void: { filter: { term: { "settled_selections.result": "void" } } },
      sp: { sum: { field: "settled_selections.sp_cents.b3" } },
    });
  });

  it("bucket the bets by the league and the kick-off month copied into them, with the running profit", () => {
    const { by_league, by_month } = backtestAggregationRequest(INPUT, "fx").aggs!.selection!.aggs!.bet!.aggs!;
    const wonAndProfit = {
      won: { filter: { terms: { "settled_selections.result": ["won", "half_won"] } } },
      profit: { sum: { field: "settled_selections.profit_milli.b3" } },
    };
    expect(by_league).toEqual({ terms: { field: "settled_selections.league_id", size: 10_000, order: { _key: "asc" } }, aggs: wonAndProfit });
    expect(by_month!.date_histogram).toEqual({
      field: "settled_selections.date_time",
      calendar_interval: "month",
      time_zone: "UTC",
      min_doc_count: 0,
      format: "yyyy-MM",
    });
    expect(by_month!.aggs).toEqual({ ...wonAndProfit, cumulative_profit: { cumulative_sum: { buckets_path: "profit" } } });
  });

  it("sum each UTC day with a bet apart from the counts: its bets, profit and losses (max_drawdown's bounds)", () => {
    const request = spanSumsRequest(INPUT, "fx");
    expect(request).toMatchObject({ index: "fx", size: 0, query: { bool: { filter: [...RULE, BET] } } });
    const bet = request.aggs!.selection!.aggs!.bet!;
    expect(request.aggs!.selection!.nested).toEqual({ path: "settled_selections" });
    expect(bet.filter).toEqual(SELECTION_BET);
    expect(bet.aggs!.spans).toEqual({
      date_histogram: { field: "settled_selections.date_time", calendar_interval: "day", time_zone: "UTC", min_doc_count: 1 },
      aggs: { profit: { sum: { field: "settled_selections.profit_milli.b3" } }, loss: { sum: { field: "settled_selections.loss_milli" } } },
    });
  });

  it("do not sum by day a range longer than MAX_BACKTEST_DAYS days (search.max_buckets)", () => {
    const end = new Date(INPUT.start.getTime() + MAX_BACKTEST_DAYS * 86_400_000);
    expect(summedByDay({ ...INPUT, end })).toBe(true);
    expect(summedByDay({ ...INPUT, end: new Date(end.getTime() + 86_400_000) })).toBe(false);
  });

  it("read only the bets of the spans asked, one range of kick-off per run of adjoining spans, in the same order", () => {
    const day = Date.UTC(2025, 0, 5);
    const days = [3, 0, 4, 7].map((offset) => ({ from: day + offset * 86_400_000, to: day + (offset + 1) * 86_400_000, bets: 1, profit: 0, gain: 0, loss: 0 }));
    const request = profitSequenceRequest(INPUT, "fx", days);
    const onDays = {
      bool: {
        should: [
          { range: { date_time: { gte: "2025-01-05T00:00:00.000Z", lt: "2025-01-06T00:00:00.000Z" } } },
          { range: { date_time: { gte: "2025-01-08T00:00:00.000Z", lt: "2025-01-10T00:00:00.000Z" } } },
          { range: { date_time: { gte: "2025-01-12T00:00:00.000Z", lt: "2025-01-13T00:00:00.000Z" } } },
        ],
        minimum_should_match: 1,
      },
    };
    expect(request.query).toEqual({ bool: { filter: [...RULE, BET, onDays] } });
    expect(request.sort).toEqual(profitSequenceRequest(INPUT, "fx").sort);
  });

  it("sum the spans asked minute by minute of kick-off, as the days are summed", () => {
    const day = Date.UTC(2025, 0, 5);
    const request = spanSumsRequest(INPUT, "fx", [{ from: day, to: day + 86_400_000, bets: 2, profit: 0, gain: 1000, loss: -1000 }]);
    const onDay = { bool: { should: [{ range: { date_time: { gte: "2025-01-05T00:00:00.000Z", lt: "2025-01-06T00:00:00.000Z" } } }], minimum_should_match: 1 } };
    expect(request).toMatchObject({ index: "fx", size: 0, query: { bool: { filter: [...RULE, BET, onDay] } } });
    const byDay = spanSumsRequest(INPUT, "fx").aggs!.selection!.aggs!.bet!.aggs!.spans!;
    expect(request.aggs!.selection!.aggs!.bet!.aggs!.spans).toEqual({
      ...byDay,
      date_histogram: { field: "settled_selections.date_time", fixed_interval: "1m", time_zone: "UTC", min_doc_count: 1 },
    });
  });

  it("read the bets' profits in kick-off order, then id, from the bet's nested document, without documents, from the first page", () => {
    const first = profitSequenceRequest(INPUT, "fx");
    expect(first).toMatchObject({ index: "fx", size: SEQUENCE_PAGE, stored_fields: "_none_", query: { bool: { filter: [...RULE, BET] } } });
    expect(first.sort).toEqual([
      { date_time: { order: "asc" } },
      { id: { order: "asc" } },
      { "settled_selections.profit_milli.b3": { order: "asc", nested: { path: "settled_selections", filter: SELECTION_BET } } },
    ]);
    expect(first.search_after).toBeUndefined();
  });
});
