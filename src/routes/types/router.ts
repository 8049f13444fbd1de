import Router from "@koa/router";
import { ALL_TYPES } from "../../domain/types/types.js";
import { CACHE_POLICIES } from "../../http/cache-policy.js";
import type { AppContext, AppState } from "../../http/context.js";
import { parseQuery, resolveLanguage } from "../../http/query.js";
import { apiResponses } from "../../openapi/api-responses.js";
import { API_KEY_SECURITY, registry } from "../../openapi/registry.js";
import { presentTypes } from "./presenter.js";
import { TypesListSchema, TypesResponseSchema } from "./schema.js";
import type { ApiTag } from "../../openapi/tags.js";

registry.registerPath({
  tags: ["fixtures"] satisfies ApiTag[],
  method: "get",
  path: "/types",
  summary: "The types dictionary: metrics, statistics, trends and standing statistics by type_id and developer_name",
  security: API_KEY_SECURITY,
  request: { query: TypesListSchema },
  responses: apiResponses({ description: "Types", schema: TypesResponseSchema }, { errors: [400, 403], etag: true }),
});

export function typesRouter(): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>();
  router.get("/types", (ctx) => {
    const query = parseQuery(ctx, TypesListSchema);
    resolveLanguage(query);
    const groups = query.developer_type;
    const types = groups ? ALL_TYPES.filter((type) => groups.includes(type.developer_type)) : ALL_TYPES;
    ctx.state.cache = CACHE_POLICIES.dictionary;
    ctx.body = presentTypes(types);
  });
  return router;
}
