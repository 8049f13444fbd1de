import Router from "@koa/router";
import { CACHE_POLICIES } from "../../http/cache-policy.js";
import type { AppContext, AppState } from "../../http/context.js";
import { apiResponses } from "../../openapi/api-responses.js";
import { API_KEY_SECURITY, registry } from "../../openapi/registry.js";
import { sendFixtureList } from "../../http/fixture-list-response.js";
import { fixturesSearchRequest } from "../../search/fixtures-search/search-request.js";
import { hasMore } from "../../search/page-window.js";
import { readFixtureList } from "../../reading/list-read.js";
import { FixturesSearchDocSchema, FixturesSearchResponseSchema, fixturesSearchInput } from "./schema.js";
import { DEFAULT_LIVE_HOURS } from "../../config.js";
import type { ApiTag } from "../../openapi/tags.js";

registry.registerPath({
  tags: ["live"] satisfies ApiTag[],
  method: "get",
  path: "/fixtures/search",
  summary: "Upcoming and in-play fixtures by time window, status and range filters on metrics and statistics",
  description:
    "Window N holds fixtures in play now or kicking off from now to now + N hours (both edges inclusive); window=live " +
    "has no date condition, but settled fixtures (FT, AWARDED, CANCELLED, ABANDONED, NO_RESULT) are searched only up to " +
    `${DEFAULT_LIVE_HOURS} hours after kick-off (by default; FIXTURES_LIVE_HOURS): the search is for upcoming and live fixtures, and GET ` +
    "/fixtures reads every season. Default statuses: the in-play ones for live, plus NOT_STARTED for 3 to 168; an explicit " +
    "status replaces them. has_more is true when the page is full. When nothing matches the response is " +
    "`{ fixtures: [], pagination: { page, per_page, has_more: false } }` with the requested page and per_page.",
  security: API_KEY_SECURITY,
  request: { query: FixturesSearchDocSchema },
  responses: apiResponses({ description: "One page of fixtures", schema: FixturesSearchResponseSchema }, { errors: [400, 403] }),
});

export function fixturesSearchRouter(): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>();
  router.get("/fixtures/search", async (ctx) => {
    const input = fixturesSearchInput(ctx);
    const { language, includes, filters, page, perPage, pageWindow } = input;

    const request = fixturesSearchRequest(
      input,
      // The live part (src/store/index-names.ts); settled fixtures as long as they stay in it.
      { index: ctx.deps.indices.fixtures, now: new Date(), liveHours: ctx.deps.config.indexLayout.liveHours },
    );
    // Every include search offers lives in the fixture document itself: no second search.
    const options = { language, includes, filters, variant: "search" } as const;
    const fixtures = await readFixtureList(ctx.deps.es, ctx.deps.fixtureJsonCache, request, options);
    const rest = { pagination: { page, per_page: perPage, has_more: hasMore(pageWindow, fixtures.length) } };
    sendFixtureList(ctx, { fixtures, options, rest, cache: CACHE_POLICIES.live });
  });
  return router;
}
