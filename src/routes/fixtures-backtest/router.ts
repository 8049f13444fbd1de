import Router from "@koa/router";
import { CACHE_POLICIES } from "../../http/cache-policy.js";
import type { AppContext, AppState } from "../../http/context.js";
import { apiResponses } from "../../openapi/api-responses.js";
import { API_KEY_SECURITY, registry } from "../../openapi/registry.js";
import { BacktestReads } from "../../backtest/backtest-reads.js";
import { exactMaxDrawdown } from "../../domain/backtest/exact-drawdown.js";
import { presentBacktest } from "./presenter.js";
import { FixturesBacktestDocSchema, FixturesBacktestResponseSchema, fixturesBacktestInput } from "./schema.js";
import type { ApiTag } from "../../openapi/tags.js";

registry.registerPath({
  tags: ["backtests"] satisfies ApiTag[],
  method: "get",
  path: "/fixtures/backtest",
  summary: "How a where rule did in the past: one 1-unit bet per matched finished fixture at the selection's starting price",
  description:
    "The same where[...] and league_id as /fixtures/search, judged on what was known at kick-off (pre-match metrics; a " +
    "statistic is a 400), over fixtures kicking off from start_date to end_date (UTC days, default the last 365). Each " +
    "matched fixture that finished (FT, AWARDED) with a starting price for the selection is one bet of 1 unit at that price " +
    "(bookmaker_id's, default the best among bookmakers): won sp - 1, lost -1, void 0. Results are the odds' own settlement, " +
    "stored when the fixture settled. by_league and by_month hold only leagues and months with a bet.",
  security: API_KEY_SECURITY,
  request: { query: FixturesBacktestDocSchema },
  responses: apiResponses({ description: "The backtest", schema: FixturesBacktestResponseSchema }, { errors: [400, 403], etag: true }),
});

export function fixturesBacktestRouter(): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>();
  router.get("/fixtures/backtest", async (ctx) => {
    const reads = new BacktestReads(ctx.deps.es, ctx.deps.indices, fixturesBacktestInput(ctx, new Date()));
    // Three searches side by side: the counts, each day's sums, and the first page of the profits
    // in order; max_drawdown reads more only when that page was not the whole sequence.
    const [counts, days, firstPage] = await Promise.all([reads.counts(), reads.daySums(), reads.firstSequencePage()]);
    const drawdown = await exactMaxDrawdown(reads, firstPage, days, counts);
    ctx.state.cache = CACHE_POLICIES.backtest;
    ctx.body = presentBacktest(counts, drawdown.maxDrawdown);
  });
  return router;
}
