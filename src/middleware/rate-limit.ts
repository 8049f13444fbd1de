import { TooManyRequestsError } from "../http/errors.js";
import type { AppContext } from "../http/context.js";
import type { KeyRateLimiter } from "../rate-limit/rate-limiter.js";

/**
 * Runs after `authenticate`: one token per request from the key's bucket. Every limited
 * response, allowed or not, tells the client where it stands (RateLimit-* headers).
 */
export async function limitRate(ctx: AppContext, limiter: KeyRateLimiter): Promise<void> {
  const principal = ctx.state.principal;
  const allowance = principal ? await limiter.take(principal.keyId, principal.rateLimit) : null;
  if (!allowance) return;
  ctx.set("RateLimit-Limit", String(allowance.limit));
  ctx.set("RateLimit-Remaining", String(allowance.remaining));
  ctx.set("RateLimit-Reset", String(allowance.resetSeconds));
  if (!allowance.allowed) throw new TooManyRequestsError(allowance.retryAfterSeconds);
}
