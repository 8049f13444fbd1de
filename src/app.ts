import Router from "@koa/router";
import Koa from "koa";
import type { AppContext, AppDeps, AppState } from "./http/context.js";
import { authenticate } from "./middleware/authenticate.js";
import { compression } from "./middleware/compression.js";
import { conditionalGet } from "./middleware/conditional-get.js";
import { errorHandler } from "./middleware/error-handler.js";
import { methodGuard, notFound } from "./middleware/method-guard.js";
import { rateLimit } from "./middleware/rate-limit.js";
import { requestId } from "./middleware/request-id.js";
import { recordRequest } from "./middleware/request-record.js";
import { wellFormedQuery } from "./middleware/well-formed-query.js";
import { demoRouter } from "./routes/demo/router.js";
import { docsRouter } from "./routes/docs/router.js";
import { healthRouter } from "./routes/health/router.js";
import { metricsRouter } from "./routes/metrics/router.js";
import { betBuildersRouter } from "./routes/bet-builders/router.js";
import { fixturesSearchRouter } from "./routes/fixtures-search/router.js";
import { fixturesRouter } from "./routes/fixtures/router.js";
import { livescoresRouter } from "./routes/livescores/router.js";
import { entitySearchRouter, searchFaultText } from "./routes/search/router.js";
import { standingsRouter } from "./routes/standings/router.js";
import { streamsRouter } from "./routes/streams/router.js";
import { typesRouter } from "./routes/types/router.js";

/**
 * Builds the Koa app without listening (tests drive `app.callback()`).
 * Order matters: request id, log and metrics wrap everything (they see the final
 * status), the compressor sees every body, the error handler turns every failure into
 * `{ error }`, the cache policy applies to what the routes answered; then public pages,
 * then the API behind the key check, the key's rate limit and the query's hygiene.
 */
export function createApp(deps: AppDeps): Koa<AppState, AppContext> {
  const app = new Koa<AppState, AppContext>();
  app.context.deps = deps;
  // Errors are logged by the error handler with the request id; Koa's own printing is noise.
  app.silent = true;

  const publicRouters = [healthRouter(), docsRouter(), demoRouter(), metricsRouter()];
  const api = new Router<AppState, AppContext>();
  api.use(searchFaultText);
  api.use(authenticate);
  if (deps.rateLimiter) api.use(rateLimit(deps.rateLimiter));
  api.use(wellFormedQuery);
  // /fixtures/search before /fixtures so the literal path wins over any parameterized one.
  const resources = [
    streamsRouter(),
    fixturesSearchRouter(),
    fixturesRouter(),
    livescoresRouter(),
    entitySearchRouter(),
    standingsRouter(),
    betBuildersRouter(),
    typesRouter(),
  ];
  for (const router of resources) api.use(router.routes());
  const routers = [...publicRouters, api];

  app.use(requestId);
  app.use(recordRequest);
  app.use(compression());
  app.use(errorHandler);
  app.use(conditionalGet);
  app.use(notFound);
  app.use(methodGuard(routers));
  for (const router of routers) app.use(router.routes());
  return app;
}
