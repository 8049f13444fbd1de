import type Router from "@koa/router";
import type { Next } from "koa";
import type { AppContext, AppState } from "../http/context.js";
import { applyCachePolicy } from "./conditional-get.js";
import { errorResponse } from "./error-handler.js";
import { refuseUnanswered, refuseWrites } from "./method-guard.js";

/**
 * What every response goes through inside the compressor, in one middleware (one frame and
 * one promise per request, where four ran): writes refused before routing, an unanswered
 * path a 404 after it, the route's cache policy on a success, and every failure turned
 * into `{ error }` (docs/design.md, "Middleware").
 */
export function respond(routers: ReadonlyArray<Router<AppState, AppContext>>) {
  return async function response(ctx: AppContext, next: Next): Promise<void> {
    try {
      refuseWrites(ctx, routers);
      await next();
      refuseUnanswered(ctx);
      applyCachePolicy(ctx);
    } catch (error) {
      errorResponse(ctx, error);
    }
  };
}
