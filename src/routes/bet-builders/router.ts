import Router from "@koa/router";
import type { AppContext, AppState } from "../../http/context.js";

/** GET /bet-builders and GET /bet-builders/:id (being implemented). */
export function betBuildersRouter(): Router<AppState, AppContext> {
  return new Router<AppState, AppContext>();
}
