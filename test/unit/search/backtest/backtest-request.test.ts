import { describe, expect, it } from "vitest";
import { backtestAggregationRequest, betFields, profitSequenceRequest, SEQUENCE_PAGE, type BacktestInput } from "../../../../src/search/backtest/backtest-request.js";
import { whereClauses } from "../../../../src/search/fixtures-search/where-clauses.js";

const INPUT: BacktestInput = {
  leagueIds: [8],
  where: [{ name: "HOME_GOALS_SCORED", min: 1500, max: 3000, location: "HOME" }],
  start: new Date("2025-01-01T00:00:00Z"),
  end: new Date("2025-02-01T00:00:00Z"),
  selectionKey: "sel_2_4_25",
  price: "b3",
};
const RULE = [
  { range: { date_time: { gte: "2025-01-01T00:00:00.000Z", lt: "2025-02-01T00:00:00.000Z" } } },
  { terms: { "league.id": [8] } },
  ...whereClauses(INPUT.where),
];
const BET = { exists: { field: "settled_selections.sel_2_4_25.profit_milli.b3" } };

describe("the backtest's requests", () => {
  it("read one selection's result, and the price and profit of the price backed", () => {
    expect(betFields(INPUT)).toEqual({
      result: "settled_selections.sel_2_4_25.result",
      sp: "settled_selections.sel_2_4_25.sp_cents.b3",
      profit: "settled_selections.sel_2_4_25.profit_milli.b3",
    });
  });

  it("count the matched fixtures with /fixtures/search's where clauses, and under `bets` only those with the price", () => {
    const request = backtestAggregationRequest(INPUT, "fx");
    expect(request).toMatchObject({ index: "fx", size: 0, track_total_hits: true, allow_partial_search_results: false, query: { bool: { filter: RULE } } });
    const bets = request.aggs!.bets!;
    expect(bets.filter).toEqual(BET);
    expect(Object.keys(bets.aggs!).sort()).toEqual(["by_league", "by_month", "lost", "profit", "sp", "void", "won"]);
    expect(bets.aggs!.won).toEqual({ filter: { terms: { "settled_selections.sel_2_4_25.result": ["won", "half_won"] } } });
    expect(bets.aggs!.by_month!.aggs!.cumulative_profit).toEqual({ cumulative_sum: { buckets_path: "profit" } });
  });

  it("read the bets' profits in kick-off order, then id, without documents, page after page", () => {
    const first = profitSequenceRequest(INPUT, "fx");
    expect(first).toMatchObject({ index: "fx", size: SEQUENCE_PAGE, stored_fields: "_none_", query: { bool: { filter: [...RULE, BET] } } });
    expect(first.sort).toEqual([{ date_time: { order: "asc" } }, { id: { order: "asc" } }, { [BET.exists.field]: { order: "asc" } }]);
    expect(first.search_after).toBeUndefined();
    expect(profitSequenceRequest(INPUT, "fx", [1, 2, -1000]).search_after).toEqual([1, 2, -1000]);
  });
});
