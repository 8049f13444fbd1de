import type Router from "@koa/router";
import { MethodNotAllowedError, NotFoundError } from "../http/errors.js";
import type { AppContext, AppState } from "../http/context.js";

const READ_METHODS = ["GET", "HEAD"];

/**
 * The API is read-only: any other method on a known path is a 405 with `Allow`,
 * on an unknown path a 404. Decided before routing, so no handler ever sees it.
 */
export function refuseWrites(ctx: AppContext, routers: ReadonlyArray<Router<AppState, AppContext>>): void {
  if (READ_METHODS.includes(ctx.method)) return;
  const known = routers.some((router) => router.match(ctx.path, "GET").route);
  throw known ? new MethodNotAllowedError(READ_METHODS) : new NotFoundError();
}

/** After routing: nothing matched the path. */
export function refuseUnanswered(ctx: AppContext): void {
  if (ctx.body === undefined && ctx.status === 404) throw new NotFoundError();
}
