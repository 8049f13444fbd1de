import Router from "@koa/router";
import type { AppContext, AppState } from "../../http/context.js";

/** GET /fixtures/search (being implemented). */
export function fixturesSearchRouter(): Router<AppState, AppContext> {
  return new Router<AppState, AppContext>();
}
