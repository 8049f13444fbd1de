import Router from "@koa/router";
import type { StandingDocument } from "../../domain/standings/standing-document.js";
import { CACHE_POLICIES } from "../../http/cache-policy.js";
import type { AppContext, AppState } from "../../http/context.js";
import { parseQuery, resolveLanguage } from "../../http/query.js";
import { requireRole } from "../../middleware/authenticate.js";
import { apiResponses } from "../../openapi/api-responses.js";
import { API_KEY_SECURITY, registry } from "../../openapi/registry.js";
import { searchSources } from "../../store/searches.js";
import { presentStandings } from "./presenter.js";
import { standingsSearch } from "../../search/standings/standings-query.js";
import { StandingsListSchema, StandingsResponseSchema } from "./schema.js";
import type { ApiTag } from "../../openapi/tags.js";

registry.registerPath({
  tags: ["standings"] satisfies ApiTag[],
  method: "get",
  path: "/standings",
  summary: "League tables of a season: every stage and group in one flat list (needs the role 'standings')",
  description:
    "Tables count finished fixtures (awarded ones with their awarded score): 3 points a win, 1 a draw; ranked by points, " +
    "goal difference, goals scored, then English team name. One table per stage and group; rows ordered by stage, group, " +
    "position. An unknown or unpopulated season gives `{ standings: [] }`. A key without the role 'standings' gets 403.",
  security: API_KEY_SECURITY,
  request: { query: StandingsListSchema },
  responses: apiResponses({ description: "Standing rows", schema: StandingsResponseSchema }, { errors: [400, 403], etag: true }),
});

export function standingsRouter(): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>();
  router.get("/standings", requireRole("standings"), async (ctx) => {
    const query = parseQuery(ctx, StandingsListSchema);
    const language = resolveLanguage(query);
    const rows = await searchSources<Pick<StandingDocument, "row" | "team_names">>(ctx.deps.es, standingsSearch(ctx.deps.indices.standings, query.season_id));
    ctx.state.cache = CACHE_POLICIES.standings;
    ctx.body = presentStandings(rows, language);
  });
  return router;
}
