import Router from "@koa/router";
import type { AppContext, AppState } from "../../http/context.js";

/** GET /livescores (being implemented). */
export function livescoresRouter(): Router<AppState, AppContext> {
  return new Router<AppState, AppContext>();
}
