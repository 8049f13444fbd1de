import Router from "@koa/router";
import { NotFoundError } from "../../http/errors.js";
import type { AppContext, AppState } from "../../http/context.js";
import { openApiDocument } from "../../openapi/document.js";
import { asyncApiDocument } from "./asyncapi-document.js";
import { DOCS_PAGE } from "./docs-page.js";
import { swaggerAsset } from "./swagger-assets.js";

/** API documentation; public pages, no key needed. */
export function docsRouter(): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>();
  router.get("/openapi.json", (ctx) => {
    ctx.set("Cache-Control", "public, max-age=300");
    ctx.body = openApiDocument();
  });
  router.get("/asyncapi.json", (ctx) => {
    ctx.set("Cache-Control", "public, max-age=300");
    ctx.body = asyncApiDocument();
  });
  router.get("/docs", (ctx) => {
    ctx.type = "text/html; charset=utf-8";
    ctx.set("Cache-Control", "public, max-age=300");
    ctx.body = DOCS_PAGE;
  });
  router.get("/docs/assets/:file", (ctx) => {
    const asset = swaggerAsset(ctx.params.file ?? "");
    if (!asset) throw new NotFoundError();
    ctx.type = asset.type;
    ctx.set("Cache-Control", "public, max-age=86400");
    ctx.body = asset.stream();
  });
  return router;
}
