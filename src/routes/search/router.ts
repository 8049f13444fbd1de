import Router from "@koa/router";
import type { AppContext, AppState } from "../../http/context.js";

/** GET /search (being implemented). */
export function entitySearchRouter(): Router<AppState, AppContext> {
  return new Router<AppState, AppContext>();
}
