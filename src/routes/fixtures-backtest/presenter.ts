import { averageOdds, fairOdds, hitRate, roi, units } from "../../domain/backtest/figures.js";
import type { z } from "../../openapi/zod.js";
import type { BacktestCounts } from "../../store/backtest-reads.js";
import type { FixturesBacktestResponseSchema } from "./schema.js";

/** The response body of GET /fixtures/backtest, field by field (nothing stored leaks through), of the documented shape. */
export function presentBacktest(counts: BacktestCounts, drawdownMilli: number): z.input<typeof FixturesBacktestResponseSchema> {
  return {
    backtest: {
      fixtures: counts.fixtures,
      bets: counts.bets,
      won: counts.won,
      lost: counts.lost,
      void: counts.void,
      hit_rate: hitRate(counts.won, counts.lost),
      average_odds: averageOdds(counts.spCents, counts.bets),
      fair_odds: fairOdds(counts.won, counts.lost),
      profit: units(counts.profitMilli),
      roi: roi(counts.profitMilli, counts.bets),
      max_drawdown: units(drawdownMilli),
    },
    by_league: counts.leagues.map((league) => ({
      league: { id: league.id, name: league.name },
      bets: league.bets,
      won: league.won,
      profit: units(league.profitMilli),
      roi: roi(league.profitMilli, league.bets),
    })),
    by_month: counts.months.map((month) => ({
      month: month.month,
      bets: month.bets,
      won: month.won,
      profit: units(month.profitMilli),
      cumulative_profit: units(month.cumulativeMilli),
    })),
  };
}
