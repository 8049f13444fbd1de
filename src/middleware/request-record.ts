import type { Next } from "koa";
import type { AppContext } from "../http/context.js";
import { matchedRoute } from "../http/matched-route.js";
import { redactUrl } from "../logger.js";
import { UNMATCHED_ROUTE } from "../monitoring/service-metrics.js";

/**
 * One timing per request, taken once the status is final, feeds both records of it: the
 * log line and the metrics sample. The metrics label is the matched route pattern
 * (`/bet-builders/:id`), never the raw URL, so the number of label values stays fixed
 * whatever clients send.
 */
export async function recordRequest(ctx: AppContext, next: Next): Promise<void> {
  const started = process.hrtime.bigint();
  try {
    await next();
  } finally {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const route = matchedRoute(ctx);
    ctx.state.log.info(
      { method: ctx.method, url: redactUrl(ctx.originalUrl), route, status: ctx.status, ms: Math.round(ms * 10) / 10 },
      "request",
    );
    ctx.deps.metrics.observeRequest(route ?? UNMATCHED_ROUTE, ctx.method, ctx.status, ms / 1000);
  }
}
