import type { Next } from "koa";
import type { AppContext } from "../http/context.js";
import { matchedRoute } from "../http/matched-route.js";
import { UNMATCHED_ROUTE } from "../metrics/service-metrics.js";

/**
 * Counts and times every request by the matched route pattern (`/bet-builders/:id`),
 * never the raw URL, so the number of label values stays fixed whatever clients send.
 */
export async function httpMetrics(ctx: AppContext, next: Next): Promise<void> {
  const started = process.hrtime.bigint();
  try {
    await next();
  } finally {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    ctx.deps.metrics.observeRequest(matchedRoute(ctx) ?? UNMATCHED_ROUTE, ctx.method, ctx.status, seconds);
  }
}
