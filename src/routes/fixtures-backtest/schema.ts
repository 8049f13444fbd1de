import { BOOKMAKERS } from "../../domain/football/odds/markets.js";
import { BEST_PRICE, bookmakerKey, selectionKey } from "../../domain/fixture/settled-selections.js";
import { idListParam } from "../../http/id-params.js";
import { integerParam } from "../../http/params.js";
import { parseQuery, type QueryRequest } from "../../http/query.js";
import { bracketedParam, whereAsOnSearch } from "../../http/bracketed-param.js";
import { z } from "../../openapi/zod.js";
import type { BacktestInput } from "../../search/backtest/backtest-request.js";
import { betSelection } from "../../backtest/bet-selection.js";
import { DEFAULT_DAYS, kickoffDays } from "../../backtest/kickoff-days.js";
import { backtestWhere } from "../../backtest/pre-match-where.js";

const backtestShape = {
  league_id: idListParam("league_id").optional(),
  start_date: z.string().optional().openapi({
    description: `YYYY-MM-DD, the first UTC day of kick-off (inclusive). Default: ${DEFAULT_DAYS} days ending on end_date.`,
  }),
  end_date: z.string().optional().openapi({ description: "YYYY-MM-DD, the last UTC day of kick-off (inclusive), not after today. Default today." }),
  market_id: integerParam("market_id", { min: 1 }).optional().openapi({ description: "Required: the market to back (1-5, as in odds)" }),
  label_id: integerParam("label_id", { min: 1 }).optional().openapi({ description: "Required: the selection to back, a label of the market" }),
  line: z.string().optional().openapi({ type: "string", enum: ["1.5", "2.5", "3.5"], description: "Required for market_id 2 (Over/Under), else not allowed" }),
  bookmaker_id: integerParam("bookmaker_id", { min: 1, max: BOOKMAKERS.length })
    .optional()
    .openapi({ description: "The bookmaker whose starting price is backed; default the best starting price among them" }),
};

/** The plain parameters of GET /fixtures/backtest; where[...] goes through src/http/bracket-params.ts. */
export const FixturesBacktestSchema = z.object(backtestShape);

/**
 * The one validation step of GET /fixtures/backtest, its rules in this order (the first broken is the
 * 400): the plain parameters, the bet, the dates, where.
 */
export function fixturesBacktestInput(request: QueryRequest, now: Date): BacktestInput {
  const query = parseQuery(request, FixturesBacktestSchema);
  const selection = betSelection(query.market_id, query.label_id, query.line);
  const { start, end } = kickoffDays(query.start_date, query.end_date, now);
  return {
    leagueIds: query.league_id,
    where: backtestWhere(request.query),
    start,
    end,
    selectionKey: selectionKey(selection),
    price: query.bookmaker_id === undefined ? BEST_PRICE : bookmakerKey(query.bookmaker_id),
  };
}

/** The documented form of every parameter, where[...] included (deepObject style); only OpenAPI reads it. */
export const FixturesBacktestDocSchema = z.object({
  ...backtestShape,
  where: bracketedParam(
    whereAsOnSearch(
      "on the pre-match metrics only (predictions, smart_money, league_average): a statistic is known only in play and is a 400.",
    ),
    { HOME_GOALS_SCORED: "1500:3000:HOME" },
  ),
});

const money = (description: string) => z.number().openapi({ description });
const ratio = (description: string) => z.number().nullable().openapi({ description });

export const BacktestSummarySchema = z
  .object({
    fixtures: z.number().int().openapi({ description: "Fixtures the rule matched with kick-off in the range, of any status" }),
    bets: z.number().int().openapi({ description: "Matched fixtures that finished (FT, AWARDED) with a starting price for the selection: one 1-unit bet each" }),
    won: z.number().int(),
    lost: z.number().int(),
    void: z.number().int(),
    hit_rate: ratio("won / (won + lost), 4 decimals; null without a decided bet"),
    average_odds: ratio("Mean starting price backed, 3 decimals; null without a bet"),
    fair_odds: ratio("1 / hit_rate, 3 decimals; null when no bet won"),
    profit: money("Units: won bets sp - 1, lost -1, void 0"),
    roi: ratio("profit / bets, 4 decimals; null without a bet"),
    max_drawdown: money("Largest fall of cumulative profit from a previous peak (starting at 0), in kick-off order then fixture id; >= 0"),
  })
  .openapi("BacktestSummary");

export const FixturesBacktestResponseSchema = z
  .object({
    backtest: BacktestSummarySchema,
    by_league: z.array(
      z
        .object({
          league: z.object({ id: z.number().int(), name: z.string() }).openapi("BacktestLeagueName"),
          bets: z.number().int(),
          won: z.number().int(),
          profit: z.number(),
          roi: z.number().nullable(),
        })
        .openapi("BacktestLeague", { description: "Leagues with at least one bet, by id" }),
    ),
    by_month: z.array(
      z
        .object({
          month: z.string().openapi({ description: "YYYY-MM of kick-off (UTC)", example: "2025-09" }),
          bets: z.number().int(),
          won: z.number().int(),
          profit: z.number(),
          cumulative_profit: z.number().openapi({ description: "Profit of this month and every earlier one" }),
        })
        .openapi("BacktestMonth", { description: "Months with at least one bet, oldest first" }),
    ),
  })
  .openapi("FixturesBacktestResponse");
