import Router from "@koa/router";
import { NotFoundError, UnauthorizedError } from "../../http/errors.js";
import type { AppContext, AppState } from "../../http/context.js";
import { metricsAccess } from "./access.js";

/**
 * Prometheus metrics, outside the OpenAPI document (an operator's page, not API). Without
 * a configured token a remote caller gets the same 404 as an unknown path; with one, a
 * missing or wrong token gets the API's 403 Unauthorized.
 */
export function metricsRouter(): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>();
  router.get("/metrics", async (ctx) => {
    const access = metricsAccess(ctx, ctx.deps.config.metricsToken);
    if (access === "remote") throw new NotFoundError();
    if (access === "bad-token") throw new UnauthorizedError();
    const { registry } = ctx.deps.metrics;
    ctx.set("Cache-Control", "no-store");
    ctx.type = registry.contentType;
    ctx.body = await registry.metrics();
  });
  return router;
}
