import Router from "@koa/router";
import type { AppContext, AppState } from "../../http/context.js";
import { errorResponses, registry } from "../../openapi/registry.js";
import { z } from "../../openapi/zod.js";
import { checkReadiness } from "../../store/readiness.js";
import type { ApiTag } from "../../openapi/tags.js";

const HealthSchema = z.object({ status: z.literal("ok") }).openapi("Health");
const ReadySchema = z.object({ status: z.literal("ready") }).openapi("Ready");

registry.registerPath({
  tags: ["operations"] satisfies ApiTag[],
  method: "get",
  path: "/health",
  summary: "Liveness: the process is up (no key needed)",
  responses: { 200: { description: "Up", content: { "application/json": { schema: HealthSchema } } } },
});
registry.registerPath({
  tags: ["operations"] satisfies ApiTag[],
  method: "get",
  path: "/ready",
  summary: "Readiness: Elasticsearch reachable, every index present and the instance not draining (no key needed)",
  responses: {
    200: { description: "Ready", content: { "application/json": { schema: ReadySchema } } },
    ...errorResponses(503),
  },
});

/**
 * Probes for load balancers and orchestrators; no key, no caching. /health stays 200 while the
 * instance drains (it is alive; an orchestrator must not kill it early), /ready turns 503.
 */
export function healthRouter(): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>();
  router.get("/health", (ctx) => {
    ctx.set("Cache-Control", "no-store");
    ctx.body = { status: "ok" };
  });
  router.get("/ready", async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    // Draining answers before Elasticsearch is asked: the proxy must take this instance out whatever the node says.
    if (ctx.deps.draining.active) {
      ctx.status = 503;
      ctx.body = { error: "Not ready: this instance is draining (shutting down)" };
      return;
    }
    const readiness = await checkReadiness(ctx.deps.es, ctx.deps.indices);
    if (readiness.ready) {
      ctx.body = { status: "ready" };
    } else {
      ctx.status = 503;
      ctx.body = { error: `Not ready: ${readiness.reason}` };
    }
  });
  return router;
}
