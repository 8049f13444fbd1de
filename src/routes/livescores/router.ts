import Router from "@koa/router";
import { CACHE_POLICIES } from "../../http/cache-policy.js";
import type { AppContext, AppState } from "../../http/context.js";
import { apiResponses } from "../../openapi/api-responses.js";
import { API_KEY_SECURITY, registry } from "../../openapi/registry.js";
import { sendFixtureList } from "../../http/fixture-list-response.js";
import { buildLivescoresSearch } from "../../search/fixture-list/livescores-query.js";
import { readFixtureList } from "../../reading/list-read.js";
import { livescoresInput, LivescoresListSchema, LivescoresResponseSchema } from "./schema.js";
import type { ApiTag } from "../../openapi/tags.js";

registry.registerPath({
  tags: ["live"] satisfies ApiTag[],
  method: "get",
  path: "/livescores",
  summary: "Every fixture in play now",
  description:
    "Fixtures with an in-play status (INPLAY_1ST_HALF, INPLAY_2ND_HALF, INPLAY_ET, INPLAY_PENALTIES, HT, EXTRA_TIME_BREAK, PEN_BREAK), " +
    "ordered by date_time then id, without pagination. With include=odds only in-play odds (is_live = 1) are returned.",
  security: API_KEY_SECURITY,
  request: { query: LivescoresListSchema },
  responses: apiResponses({ description: "Fixtures in play", schema: LivescoresResponseSchema }, { errors: [400, 403] }),
});

export function livescoresRouter(): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>();
  router.get("/livescores", async (ctx) => {
    const { language, includes, filters, sportId, leagueIds } = livescoresInput(ctx);
    const options = { language, includes, filters, variant: "livescores" } as const;
    const request = buildLivescoresSearch({ index: ctx.deps.indices.fixtures, sportId, leagueIds, includes });
    const fixtures = await readFixtureList(ctx.deps.es, ctx.deps.fixtureJsonCache, request, options);
    sendFixtureList(ctx, { fixtures, options, cache: CACHE_POLICIES.live });
  });
  return router;
}
