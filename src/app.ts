import Router from "@koa/router";
import Koa from "koa";
import type { AppContext, AppDeps, AppState } from "./http/context.js";
import { admission } from "./middleware/admission.js";
import { apiGate } from "./middleware/api-gate.js";
import { compression } from "./middleware/compression.js";
import { recordRequest } from "./middleware/request-record.js";
import { respond } from "./middleware/respond.js";
import { demoRouter } from "./routes/demo/router.js";
import { docsRouter } from "./routes/docs/router.js";
import { healthRouter } from "./routes/health/router.js";
import { metricsRouter } from "./routes/metrics/router.js";
import { betBuildersRouter } from "./routes/bet-builders/router.js";
import { fixturesSearchRouter } from "./routes/fixtures-search/router.js";
import { fixturesBacktestRouter } from "./routes/fixtures-backtest/router.js";
import { fixturesBacktestInPlayRouter } from "./routes/fixtures-backtest-in-play/router.js";
import { fixturesHeadToHeadRouter } from "./routes/fixtures-head-to-head/router.js";
import { fixturesRouter } from "./routes/fixtures/router.js";
import { livescoresRouter } from "./routes/livescores/router.js";
import { entitySearchRouter, searchFaultText } from "./routes/search/router.js";
import { standingsRouter } from "./routes/standings/router.js";
import { opensStream, streamsRouter } from "./routes/streams/router.js";
import { typesRouter } from "./routes/types/router.js";

/**
 * Builds the Koa app without listening (tests drive `app.callback()`).
 * Order matters: the request's id, log line and metrics wrap everything (they see the
 * final status), the compressor sees every body, `respond` refuses writes and unknown
 * paths, applies the cache policy to what the routes answered and turns every failure
 * into `{ error }`; then public pages, then the API behind its gate (key, the key's rate
 * limit, the query's hygiene), admission control first in it (docs/design.md, "Overload").
 * Few middlewares on purpose: each is a frame and a promise on every request.
 */
export function createApp(deps: AppDeps): Koa<AppState, AppContext> {
  const app = new Koa<AppState, AppContext>();
  app.context.deps = deps;
  // Errors are logged by the error handler with the request id; Koa's own printing is noise.
  app.silent = true;

  const publicRouters = [healthRouter(), docsRouter(), demoRouter(), metricsRouter()];
  const api = new Router<AppState, AppContext>();
  api.use(searchFaultText);
  // Before any work on an API request, the key check included (docs/design.md, "Overload").
  if (deps.admission) api.use(admission(deps.admission, deps.metrics.requestRefused, opensStream));
  api.use(apiGate(deps.fairShare, opensStream));
  // /fixtures/search before /fixtures so the literal path wins over any parameterized one.
  const resources = [
    streamsRouter(),
    fixturesSearchRouter(),
    fixturesBacktestRouter(),
    fixturesBacktestInPlayRouter(),
    fixturesHeadToHeadRouter(),
    fixturesRouter(),
    livescoresRouter(),
    entitySearchRouter(),
    standingsRouter(),
    betBuildersRouter(),
    typesRouter(),
  ];
  for (const router of resources) api.use(router.routes());
  const routers = [...publicRouters, api];

  app.use(recordRequest);
  app.use(compression());
  app.use(respond(routers));
  for (const router of routers) app.use(router.routes());
  return app;
}
