import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETTLEMENT } from "../../src/domain/fixture-parts.js";
import type { PackedOdd } from "../../src/domain/fixture/packed-odds.js";
import { maxDrawdown } from "../../src/domain/backtest/drawdown.js";
import { exactMaxDrawdown } from "../../src/domain/backtest/exact-drawdown.js";
import { BacktestReads } from "../../src/backtest/backtest-reads.js";
import { fixturesBacktestInput } from "../../src/routes/fixtures-backtest/schema.js";
import { DAY_MS, MINUTE_MS } from "../../src/domain/backtest/drawdown-bounds.js";
import { getError, getOk } from "../support/fixtures-api.js";
import { indexSearchFixtures, type SearchFixtureSpec } from "../support/search-fixtures.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

/**
 * GET /fixtures/backtest through the real app and node, on fixtures this file writes with known
 * starting prices and results, so every figure is worked out by hand below. Leagues 71-73 are
 * this file's own.
 */

let env: TestEnv;
const RULE_LEAGUE = 71;
const OTHER_LEAGUE = 72;
const ORDER_LEAGUE = 73;
const CONFIDENCE = "PREDICTION_GL_CONFIDENCE";

/** A pre-match odd of the Fulltime Result (market 1; slot 0 Home, 1 Draw, 2 Away) at one bookmaker, settled. */
function fulltime(slot: number, bookmakerId: number, sp: number, status: number): PackedOdd {
  return [(bookmakerId - 1) * 100 + 10 + slot, sp, sp, 0, status];
}
const home = (bookmakerId: number, sp: number, status: number) => fulltime(0, bookmakerId, sp, status);
const draw = (bookmakerId: number, sp: number, status: number) => fulltime(1, bookmakerId, sp, status);
const { WON, LOST, VOID } = SETTLEMENT;

function fixture(id: number, date: string, league_id: number, confidence: number, odds: PackedOdd[], status: SearchFixtureSpec["status"] = "FT"): SearchFixtureSpec {
  return { id, date_time: new Date(date), league_id, status, metrics: [[CONFIDENCE, "league", confidence]], odds };
}

const FIXTURES: SearchFixtureSpec[] = [
  // Same kick-off: id 7011 comes before 7012. Bookmaker 2 has the best price of 7012. Its Draw is
  // another settled selection of the same fixture, which no Home bet may count.
  fixture(7012, "2025-01-10T15:00:00Z", RULE_LEAGUE, 70, [home(1, 2.0, WON), draw(1, 3.3, LOST), home(2, 2.1, WON), draw(2, 3.5, LOST)]),
  fixture(7011, "2025-01-10T15:00:00Z", RULE_LEAGUE, 80, [home(1, 1.5, LOST), home(2, 1.4, LOST)]),
  fixture(7013, "2025-02-05T19:45:00Z", RULE_LEAGUE, 75, [home(1, 3.0, LOST), home(2, 2.9, LOST)]),
  // Only bookmaker 1 priced it: no bet when bookmaker 2 is backed.
  fixture(7014, "2025-02-20T20:00:00Z", RULE_LEAGUE, 90, [home(1, 4.0, WON)]),
  // Matched, but cancelled (its odds void): a fixture, not a bet.
  fixture(7015, "2025-03-01T15:00:00Z", RULE_LEAGUE, 80, [home(1, 2.0, VOID)], "CANCELLED"),
  // Not matched by the rule (confidence 10).
  fixture(7016, "2025-03-02T15:00:00Z", RULE_LEAGUE, 10, [home(1, 9.0, WON)]),
  // Outside the days asked for.
  fixture(7017, "2025-04-02T15:00:00Z", RULE_LEAGUE, 80, [home(1, 9.0, WON)]),
  fixture(7021, "2025-01-15T12:00:00Z", OTHER_LEAGUE, 85, [home(1, 2.5, WON), home(2, 2.4, WON)]),
  // Three bets at one kick-off: in id order -1, +2, -1 falls 1 from each peak; sorted by profit it would fall 2.
  // 7032's lost Draw: read in place of its Home's profit (a nested sort not filtered to the selection), it would fall 3.
  fixture(7033, "2025-05-03T15:00:00Z", ORDER_LEAGUE, 60, [home(1, 1.8, LOST)]),
  fixture(7031, "2025-05-03T15:00:00Z", ORDER_LEAGUE, 60, [home(1, 1.9, LOST)]),
  fixture(7032, "2025-05-03T15:00:00Z", ORDER_LEAGUE, 60, [home(1, 3.0, WON), draw(1, 3.4, LOST)]),
];

beforeAll(async () => {
  env = await startTestEnv();
  await indexSearchFixtures(env, FIXTURES);
  // by_league's names are the leagues index's (the same the fixtures carry).
  const leagues = [RULE_LEAGUE, OTHER_LEAGUE, ORDER_LEAGUE].map((id) => ({ id, name: `League ${id}` }));
  await env.es.bulk({ refresh: true, operations: leagues.flatMap((league) => [{ index: { _index: env.deps.indices.leagues, _id: String(league.id) } }, league]) });
});
afterAll(async () => {
  await env?.close();
});

type Backtest = {
  backtest: Record<string, number | null>;
  by_league: Array<{ league: { id: number; name: string }; bets: number; won: number; profit: number; roi: number | null }>;
  by_month: Array<{ month: string; bets: number; won: number; profit: number; cumulative_profit: number }>;
};

const RULE = `where[${CONFIDENCE}]=50:100&market_id=1&label_id=1&start_date=2025-01-01&end_date=2025-03-31`;
const backtest = (query: string) => getOk<Backtest>(env, `/fixtures/backtest?${query}`);

describe("GET /fixtures/backtest", () => {
  it("bets 1 unit on each matched finished fixture at the best starting price, counted by Elasticsearch", async () => {
    const body = await backtest(`${RULE}&league_id=${RULE_LEAGUE},${OTHER_LEAGUE}`);
    // In order: 7011 lost (-1), 7012 won at 2.1 (+1.1), 7021 won at 2.5 (+1.5), 7013 lost (-1), 7014 won at 4.0 (+3).
    expect(body.backtest).toEqual({
      fixtures: 6,
      bets: 5,
      won: 3,
      lost: 2,
      void: 0,
      hit_rate: 0.6,
      average_odds: 2.62,
      fair_odds: 1.667,
      profit: 3.6,
      roi: 0.72,
      max_drawdown: 1,
    });
    expect(body.by_league).toEqual([
      { league: { id: RULE_LEAGUE, name: `League ${RULE_LEAGUE}` }, bets: 4, won: 2, profit: 2.1, roi: 0.525 },
      { league: { id: OTHER_LEAGUE, name: `League ${OTHER_LEAGUE}` }, bets: 1, won: 1, profit: 1.5, roi: 1.5 },
    ]);
    expect(body.by_month).toEqual([
      { month: "2025-01", bets: 3, won: 2, profit: 1.6, cumulative_profit: 1.6 },
      { month: "2025-02", bets: 2, won: 1, profit: 2, cumulative_profit: 3.6 },
    ]);
  });

  it("backs one bookmaker's price when bookmaker_id is given; a fixture it did not price is no bet", async () => {
    const body = await backtest(`${RULE}&league_id=${RULE_LEAGUE}&bookmaker_id=2`);
    // 7011 -1, 7012 +1.1, 7013 -1.
    expect(body.backtest).toMatchObject({ fixtures: 5, bets: 3, won: 1, lost: 2, profit: -0.9, roi: -0.3, average_odds: 2.133, max_drawdown: 1 });
  });

  it("walks max_drawdown in kick-off order, then fixture id", async () => {
    const body = await backtest(`market_id=1&label_id=1&start_date=2025-05-01&end_date=2025-05-31&league_id=${ORDER_LEAGUE}`);
    expect(body.backtest).toMatchObject({ bets: 3, won: 1, lost: 2, profit: 0, max_drawdown: 1 });
  });

  it("counts only the selection backed among a fixture's settled selections", async () => {
    const body = await backtest(`where[${CONFIDENCE}]=50:100&market_id=1&label_id=2&start_date=2025-01-01&end_date=2025-03-31&league_id=${RULE_LEAGUE}`);
    // The Draws of 7012 only (best price 3.5, lost), in total, by league and by month.
    expect(body.backtest).toMatchObject({ fixtures: 5, bets: 1, won: 0, lost: 1, profit: -1, average_odds: 3.5, max_drawdown: 1 });
    expect(body.by_league).toEqual([{ league: { id: RULE_LEAGUE, name: `League ${RULE_LEAGUE}` }, bets: 1, won: 0, profit: -1, roi: -1 }]);
    expect(body.by_month).toEqual([{ month: "2025-01", bets: 1, won: 0, profit: -1, cumulative_profit: -1 }]);
  });

  it("answers zeros and nulls when nothing matched", async () => {
    const body = await backtest(`${RULE}&league_id=${RULE_LEAGUE}&where[HOME_GOALS_SCORED]=1:2`);
    expect(body).toEqual({
      backtest: { fixtures: 0, bets: 0, won: 0, lost: 0, void: 0, hit_rate: null, average_odds: null, fair_odds: null, profit: 0, roi: null, max_drawdown: 0 },
      by_league: [],
      by_month: [],
    });
  });

  it("gives fair_odds null when no bet won", async () => {
    const body = await backtest(`where[${CONFIDENCE}]=75:80&market_id=1&label_id=1&start_date=2025-01-01&end_date=2025-02-10&league_id=${RULE_LEAGUE}`);
    expect(body.backtest).toMatchObject({ bets: 2, won: 0, lost: 2, hit_rate: 0, fair_odds: null, profit: -2, max_drawdown: 2 });
  });

  it("keeps the stored settled selections out of every fixture answer", async () => {
    const page = await getOk<{ fixtures: Array<Record<string, unknown>> }>(env, "/fixtures?fixture_id=7011,7012&include=odds,metrics");
    expect(page.fixtures).toHaveLength(2);
    for (const fixture of page.fixtures) expect(Object.keys(fixture)).not.toContain("settled_selections");
  });

  it("refuses a statistic in where, and bad bets and dates, naming the parameter and the rule", async () => {
    expect(await getError(env, "/fixtures/backtest?market_id=1&label_id=1&where[CORNERS]=1:4")).toMatch(/^where\[CORNERS\]: CORNERS is a statistic, known only in play/);
    expect(await getError(env, "/fixtures/backtest?label_id=1")).toMatch(/^market_id is required/);
    expect(await getError(env, "/fixtures/backtest?market_id=2&label_id=4")).toMatch(/^line is required/);
    expect(await getError(env, "/fixtures/backtest?market_id=1&label_id=1&start_date=2025-02-30")).toBe("start_date is not a valid date: 2025-02-30");
    expect(await getError(env, "/fixtures/backtest?market_id=1&label_id=1&where[X]=1")).toMatch(/^where\[X\] must be min:max/);
  });
});

describe("max_drawdown from the days' sums (more bets than a page of the sequence)", () => {
  const input = (query: Record<string, string>) => fixturesBacktestInput({ query }, new Date());

  const reads = (query: Record<string, string>) => new BacktestReads(env.es, env.deps.indices, input(query));

  /** The reading a rule of more than a page gets: its first page taken as not the whole sequence. */
  async function refined(query: Record<string, string>) {
    const rule = reads(query);
    const days = await rule.daySums();
    const profits = await rule.allBets();
    const totals = { bets: profits.length, profitMilli: profits.reduce((sum, profit) => sum + profit, 0) };
    const drawdown = await exactMaxDrawdown(rule, { bets: [], complete: false }, days, totals);
    return { days, drawdown, walk: maxDrawdown(profits), totals };
  }

  it("sums each UTC day's bets, their profit and their losses (gains: the profit less the losses)", async () => {
    const { days } = await refined({ market_id: "1", label_id: "1", start_date: "2025-05-01", end_date: "2025-05-31", league_id: String(ORDER_LEAGUE) });
    // 7031 -1, 7032 +2, 7033 -1, all on 2025-05-03.
    const day = Date.UTC(2025, 4, 3);
    expect(days).toEqual([{ from: day, to: day + DAY_MS, bets: 3, profit: 0, gain: 2000, loss: -2000 }]);
  });

  it("reads bet by bet the days whose order matters, and equals the walk of every bet", async () => {
    // One day -1, +2, -1: from its sums alone the fall is anywhere in 0..2; read, it is 1.
    const order = await refined({ market_id: "1", label_id: "1", start_date: "2025-05-01", end_date: "2025-05-31", league_id: String(ORDER_LEAGUE) });
    expect(order.drawdown).toEqual({ maxDrawdown: 1000, how: "bounds", betsRead: 3 });
    expect(order.walk).toBe(1000);
    // 2025-01-10: 7011 -1 then 7012 +1.1 (read); 2025-01-15: 7021 +1.5; 2025-02-05: 7013 -1; 2025-02-20: 7014 +3.
    const all = await refined({ market_id: "1", label_id: "1", start_date: "2025-01-01", end_date: "2025-06-30" });
    expect(all.drawdown.maxDrawdown).toBe(all.walk);
    expect(all.drawdown.how).toBe("bounds");
    // Days that do not add up to the counts (a bet they lack would never be read): every bet is walked.
    const short = await exactMaxDrawdown(reads({ market_id: "1", label_id: "1", start_date: "2025-01-01", end_date: "2025-06-30" }), { bets: [], complete: false }, all.days?.slice(1), all.totals);
    expect(short).toEqual({ maxDrawdown: all.walk, how: "walk", betsRead: all.totals.bets });
  });

  it("sums days minute by minute of kick-off as they are summed whole", async () => {
    const rule = reads({ market_id: "1", label_id: "1", start_date: "2025-01-01", end_date: "2025-06-30" });
    const days = (await rule.daySums()) ?? [];
    const minutes = await rule.minutesOfSpans(days);
    // 2025-01-10 15:00: 7011 -1 and 7012 +1.1 (best price 2.1) in one minute.
    const tenth = Date.UTC(2025, 0, 10, 15);
    expect(minutes.find((minute) => minute.from === tenth)).toEqual({ from: tenth, to: tenth + MINUTE_MS, bets: 2, profit: 100, gain: 1100, loss: -1000 });
    const total = (spans: typeof days) => spans.reduce((sum, span) => ({ bets: sum.bets + span.bets, profit: sum.profit + span.profit }), { bets: 0, profit: 0 });
    expect(total(minutes)).toEqual(total(days));
    expect(minutes.length).toBeGreaterThanOrEqual(days.length);
  });
});
