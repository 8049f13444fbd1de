import type { Next } from "koa";
import type { AppContext } from "../http/context.js";
import type { KeyRateLimiter } from "../rate-limit/rate-limiter.js";
import { authenticate } from "./authenticate.js";
import { limitRate } from "./rate-limit.js";
import { requireWellFormedQuery } from "./well-formed-query.js";

/**
 * Before every API route, in this order, in one middleware (one router layer, frame and
 * promise per request, where three ran): the key (401), the key's rate limit (429, with
 * RateLimit-* headers on every limited answer; skipped when `limiter` is null), then the
 * query's hygiene (400).
 */
export function apiGate(limiter: KeyRateLimiter | null) {
  return async function gate(ctx: AppContext, next: Next): Promise<void> {
    await authenticate(ctx);
    if (limiter) await limitRate(ctx, limiter);
    requireWellFormedQuery(ctx);
    await next();
  };
}
