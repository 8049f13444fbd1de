import { describe, expect, it } from "vitest";
import { getOk } from "../support/fixtures-api.js";
import { oracleBacktest, type OracleFixture, type OracleRule } from "../support/backtest-oracle.js";
import { useRealDataEnv } from "../support/real-data-env.js";
import { backtestTrials, inRuleRange, loadOracleFixtures, withOdds } from "../support/backtest-trials.js";

/**
 * The differential test of GET /fixtures/backtest on the real data: random rules (metric ranges at
 * every location, leagues, date ranges, every market and price) answered by the endpoint, whose
 * Elasticsearch aggregations count, and recomputed independently from what GET /fixtures shows
 * (include=odds,metrics; results settled from the scores). Every figure must be equal, pair by pair,
 * max_drawdown and the monthly curve included. BACKTEST_SEED picks another set of rules.
 */

const { realData, env } = useRealDataEnv();
const SEED = Number(process.env.BACKTEST_SEED ?? 38);
const TRIALS = Number(process.env.BACKTEST_TRIALS ?? 17);

describe.skipIf(!realData)("GET /fixtures/backtest against a recomputation from /fixtures (real data)", () => {
  it(`answers every random rule exactly as recomputed (seed ${SEED}, ${TRIALS} rules: every selection)`, { timeout: 900_000 }, async () => {
    const fixtures: OracleFixture[] = await loadOracleFixtures(env());
    const trials: OracleRule[] = backtestTrials(fixtures, SEED, TRIALS);
    let betsSeen = 0;
    for (const [i, rule] of trials.entries()) {
      const expected = oracleBacktest(await withOdds(env(), inRuleRange(fixtures, rule), rule), rule);
      const actual = await getOk<unknown>(env(), `/fixtures/backtest?${ruleQuery(rule)}`);
      // soft: every rule is compared and every difference reported, not only the first. Compared as
      // JSON, what a client reads: a ratio that rounds to zero from below is -0 in the recomputation
      // and 0 on the wire (toEqual tells -0 from 0).
      expect.soft(actual, `rule ${i}: ${ruleQuery(rule)}`).toEqual(JSON.parse(JSON.stringify(expected)));
      betsSeen += expected.backtest.bets;
    }
    // The rules must bet at all, or equality proves nothing.
    expect(betsSeen).toBeGreaterThan(1000);
  });
});

function ruleQuery(rule: OracleRule): string {
  const parts = [
    `market_id=${rule.marketId}`,
    `label_id=${rule.labelId}`,
    ...(rule.marketId === 2 ? [`line=${rule.line}`] : []),
    ...(rule.bookmakerId === undefined ? [] : [`bookmaker_id=${rule.bookmakerId}`]),
    `start_date=${rule.startDate}`,
    `end_date=${rule.endDate}`,
    ...(rule.leagueIds ? [`league_id=${rule.leagueIds.join(",")}`] : []),
    ...rule.where.map((c) => `where[${c.name}]=${c.min}:${c.max}:${c.location}`),
  ];
  return parts.join("&");
}
