import Router from "@koa/router";
import type { AppContext, AppState } from "../../http/context.js";

/** GET /standings (being implemented). */
export function standingsRouter(): Router<AppState, AppContext> {
  return new Router<AppState, AppContext>();
}
