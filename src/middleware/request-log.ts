import type { Next } from "koa";
import { redactUrl } from "../logger.js";
import type { AppContext } from "../http/context.js";
import { matchedRoute } from "../http/matched-route.js";

/** One line per request, written after the response status is final. */
export async function requestLog(ctx: AppContext, next: Next): Promise<void> {
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
  }
}
