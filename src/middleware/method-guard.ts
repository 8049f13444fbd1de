import type Router from "@koa/router";
import type { Next } from "koa";
import { MethodNotAllowedError, NotFoundError } from "../http/errors.js";
import type { AppContext, AppState } from "../http/context.js";

const READ_METHODS = ["GET", "HEAD"];

/**
 * The API is read-only: any other method on a known path is a 405 with `Allow`,
 * on an unknown path a 404. Decided before routing, so no handler ever sees it.
 */
export function methodGuard(routers: ReadonlyArray<Router<AppState, AppContext>>) {
  return async function guard(ctx: AppContext, next: Next): Promise<void> {
    if (!READ_METHODS.includes(ctx.method)) {
      const known = routers.some((router) => router.match(ctx.path, "GET").route);
      throw known ? new MethodNotAllowedError(READ_METHODS) : new NotFoundError();
    }
    await next();
  };
}

/** Runs last: nothing matched the path. */
export async function notFound(ctx: AppContext, next: Next): Promise<void> {
  await next();
  if (ctx.body === undefined && ctx.status === 404) throw new NotFoundError();
}
