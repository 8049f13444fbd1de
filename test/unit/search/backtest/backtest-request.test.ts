import { describe, expect, it } from "vitest";
import { backtestAggregationRequest, betFields, profitSequenceRequest, SEQUENCE_PAGE, type BacktestInput } from "../../../../src/search/backtest/backtest-request.js";
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

  it("count the matched fixtures with /fixtures/search's where clauses, and under `bets` only those with the price", () => {
    const request = backtestAggregationRequest(INPUT, "fx");
    expect(request).toMatchObject({ index: "fx", size: 0, track_total_hits: true, allow_partial_search_results: false, query: { bool: { filter: RULE } } });
    const bets = request.aggs!.bets!;
    expect(bets.filter).toEqual(BET);
    expect(Object.keys(bets.aggs!).sort()).toEqual(["by_league", "by_month", "selection"]);
    expect(bets.aggs!.selection).toEqual({
      nested: { path: "settled_selections" },
      aggs: {
        bet: {
          filter: SELECTION_BET,
          aggs: {
            won: { filter: { terms: { "settled_selections.result": ["won", "half_won"] } } },
            profit: { sum: { field: "settled_selections.profit_milli.b3" } },
            lost: { filter: { terms: { "settled_selections.result": ["lost", "half_lost"] } } },
            void: { filter: { term: { "settled_selections.result": "void" } } },
            sp: { sum: { field: "settled_selections.sp_cents.b3" } },
          },
        },
      },
    });
  });

  it("bucket the fixtures with a bet by league and by month, each stepping down into its own bets", () => {
    const { by_league, by_month } = backtestAggregationRequest(INPUT, "fx").aggs!.bets!.aggs!;
    const bucketBets = {
      nested: { path: "settled_selections" },
      aggs: {
        bet: {
          filter: SELECTION_BET,
          aggs: { won: { filter: { terms: { "settled_selections.result": ["won", "half_won"] } } }, profit: { sum: { field: "settled_selections.profit_milli.b3" } } },
        },
      },
    };
    expect(by_league!.terms).toMatchObject({ field: "league.id" });
    expect(by_league!.aggs!.selection).toEqual(bucketBets);
    expect(by_month!.date_histogram).toMatchObject({ field: "date_time", calendar_interval: "month", time_zone: "UTC", min_doc_count: 0 });
    expect(by_month!.aggs!.selection).toEqual(bucketBets);
    expect(by_month!.aggs!.cumulative_profit).toEqual({ cumulative_sum: { buckets_path: "selection>bet>profit" } });
  });

  it("read the bets' profits in kick-off order, then id, from the bet's nested document, without documents, page after page", () => {
    const first = profitSequenceRequest(INPUT, "fx");
    expect(first).toMatchObject({ index: "fx", size: SEQUENCE_PAGE, stored_fields: "_none_", query: { bool: { filter: [...RULE, BET] } } });
    expect(first.sort).toEqual([
      { date_time: { order: "asc" } },
      { id: { order: "asc" } },
      { "settled_selections.profit_milli.b3": { order: "asc", nested: { path: "settled_selections", filter: SELECTION_BET } } },
    ]);
    expect(first.search_after).toBeUndefined();
    expect(profitSequenceRequest(INPUT, "fx", [1, 2, -1000]).search_after).toEqual([1, 2, -1000]);
  });
});
