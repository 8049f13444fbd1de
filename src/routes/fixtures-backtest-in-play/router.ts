import Router from "@koa/router";
import { CACHE_POLICIES } from "../../http/cache-policy.js";
import type { AppContext, AppState } from "../../http/context.js";
import { apiResponses } from "../../openapi/api-responses.js";
import { API_KEY_SECURITY, registry } from "../../openapi/registry.js";
import { readInPlayBacktest } from "../../backtest/in-play-backtest-reads.js";
import { presentInPlayBacktest } from "./presenter.js";
import { InPlayBacktestDocSchema, InPlayBacktestResponseSchema, inPlayBacktestInput } from "./schema.js";
import type { ApiTag } from "../../openapi/tags.js";

registry.registerPath({
  tags: ["backtests"] satisfies ApiTag[],
  method: "get",
  path: "/fixtures/backtest/in-play",
  summary: "When an in-play rule fired in past matches, and what happened next",
  description:
    "The where[...] grammar of /fixtures/search on in-play values (trends, their windowed forms) and pre-match metrics, tried " +
    "on every finished fixture (FT, AWARDED) with trends kicking off from start_date to end_date (UTC days, default the last " +
    "365) and in league_id. A fixture is in one state per trend point of its first and second half, in match order; a state " +
    "holds what the live writer would have stored at that point. The rule fires at the first state of minute_from..minute_to " +
    "where every condition holds. outcomes counts what followed (goals from then to the end of the second half, the " +
    "90-minute result), by_minute the minute of the first fire, by_league the same per league.",
  security: API_KEY_SECURITY,
  request: { query: InPlayBacktestDocSchema },
  responses: apiResponses({ description: "The in-play backtest", schema: InPlayBacktestResponseSchema }, { errors: [400, 403], etag: true }),
});

export function fixturesBacktestInPlayRouter(): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>();
  router.get("/fixtures/backtest/in-play", async (ctx) => {
    const counts = await readInPlayBacktest(ctx.deps.es, ctx.deps.indices, inPlayBacktestInput(ctx, new Date()));
    ctx.state.cache = CACHE_POLICIES.backtest;
    ctx.body = presentInPlayBacktest(counts);
  });
  return router;
}
