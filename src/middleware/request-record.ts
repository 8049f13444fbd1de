import { randomUUID } from "node:crypto";
import type { Next } from "koa";
import type { AppContext } from "../http/context.js";
import { matchedRoute } from "../http/matched-route.js";
import { redactUrl } from "../logger.js";
import { UNMATCHED_ROUTE } from "../monitoring/service-metrics.js";

/** A caller's id is reused when it is safe to echo and log; anything else gets a fresh one. */
const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The first middleware: the request's id (X-Request-Id, and the request's logger bound to
 * it) and the instance that answers (X-Instance, INSTANCE_ID), then one timing, taken once the status is final, for both records of the request:
 * the log line and the metrics sample. The metrics label is the matched route pattern
 * (`/bet-builders/:id`), never the raw URL, so the number of label values stays fixed
 * whatever clients send. One middleware rather than two: each one is a frame and a promise
 * on every request.
 */
export async function recordRequest(ctx: AppContext, next: Next): Promise<void> {
  const started = process.hrtime.bigint();
  const incoming = ctx.get("X-Request-Id");
  const id = WELL_FORMED.test(incoming) ? incoming : randomUUID();
  ctx.state.requestId = id;
  ctx.state.log = ctx.deps.logger.child({ request_id: id });
  ctx.set("X-Request-Id", id);
  ctx.set("X-Instance", ctx.deps.config.instanceId);
  // A draining instance answers, but lets its clients' next request find another instance.
  if (ctx.deps.draining.active) ctx.set("Connection", "close");
  try {
    await next();
  } finally {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const route = matchedRoute(ctx);
    ctx.state.log.info(
      { method: ctx.method, url: redactUrl(ctx.originalUrl), route, status: ctx.status, ms: Math.round(ms * 10) / 10, cost: ctx.state.cost },
      "request",
    );
    ctx.deps.metrics.observeRequest(route ?? UNMATCHED_ROUTE, ctx.method, ctx.status, ms / 1000);
  }
}
