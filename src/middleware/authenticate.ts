import type { Next } from "koa";
import { ForbiddenError, UnauthorizedError } from "../http/errors.js";
import { bearerToken } from "../http/bearer.js";
import type { AppContext } from "../http/context.js";
import type { Role } from "../store/api-key-store.js";

/**
 * The presented key, from the first place that has one: `Authorization: Bearer`, then
 * `X-API-Key`, then `api_token` in the query (docs/api-behaviour.md, "Where a key is read from").
 */
export function presentedKey(ctx: AppContext): string | null {
  const bearer = bearerToken(ctx.get("Authorization"));
  if (bearer !== undefined) return bearer;
  const header = ctx.get("X-API-Key");
  if (header) return header.trim();
  const token = ctx.query.api_token;
  if (typeof token === "string") return token;
  return null;
}

/** Every API endpoint needs a valid key; one text for every failure reveals nothing. */
export async function authenticate(ctx: AppContext): Promise<void> {
  const key = presentedKey(ctx);
  const principal = key ? await ctx.deps.keys.resolve(key) : null;
  if (!principal) throw new UnauthorizedError();
  ctx.state.principal = principal;
}

export function requireRole(role: Role) {
  return async function roleGuard(ctx: AppContext, next: Next): Promise<void> {
    if (!ctx.state.principal?.roles.has(role)) throw new ForbiddenError(role);
    await next();
  };
}
