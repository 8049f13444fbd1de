import Router from "@koa/router";
import type { Next } from "koa";
import { CACHE_POLICIES } from "../../http/cache-policy.js";
import type { AppContext, AppState } from "../../http/context.js";
import { matchedRoute } from "../../http/matched-route.js";
import { parseQuery, resolveLanguage } from "../../http/query.js";
import { apiResponses } from "../../openapi/api-responses.js";
import { API_KEY_SECURITY, registry } from "../../openapi/registry.js";
import { rankEntitySearch } from "../../search/entity/rank-responses.js";
import { entitySearchPlan } from "../../search/entity/search-plan.js";
import { multiSearch } from "../../store/multi-search.js";
import { presentEntitySearch } from "./presenter.js";
import { DEFAULT_LIMIT, EntitySearchResponseSchema, EntitySearchSchema } from "./schema.js";
import type { ApiTag } from "../../openapi/tags.js";

/**
 * The 500 text of /search: faults of this testing endpoint say so
 * (docs/api-behaviour.md, "Fault text of entity search").
 */
const SEARCH_FAULT_MESSAGE = "Search temporarily unavailable";

/**
 * Gives every request the /search route matches its fault text. The app runs it before
 * the key check, so that a failing key lookup says it too.
 */
export async function searchFaultText(ctx: AppContext, next: Next): Promise<void> {
  if (matchedRoute(ctx) === "/search") ctx.state.faultMessage = SEARCH_FAULT_MESSAGE;
  await next();
}

registry.registerPath({
  tags: ["search"] satisfies ApiTag[],
  method: "get",
  path: "/search",
  summary: "Entity search for search boxes: countries, leagues, teams and fixtures by free text (testing only)",
  description: [
    "Tolerates misspellings (one or two wrong, missing, extra or swapped letters; neighbouring keys and spellings by ear",
    "cost less), words being typed (a prefix of any word), alternate names and abbreviations, names without club-form",
    "words (FC, AFC, 1., de), another word order, words run together, short forms (utd, st), accents or",
    "transliterations either way (munchen, muenchen, München) and names in every language (shown in `language`).",
    "Fixtures (6 hours ago to 7 days ahead, level-1 leagues) match on their two teams in either order, with or",
    "without `vs`, `v` or ` - `.\n\n",
    "**score** is in [0, 1] and depends only on the query and the entity, never on the other results:",
    "1 when the folded query (case, accents, punctuation) equals a name, alternate name or translation;",
    "0.85 for a one-word query equal to a team's short code or a country's alpha-3/alpha-2;",
    "otherwise QC × (0.7 + 0.3 × NC) (× 0.95 when the words come in another order), at most 0.99, where QC is the",
    "weighted mean of how well each query word matches a word of the name (1 equal, 0.97 a short form or exonym,",
    "1 − k × edits / length for a misspelling, where slips by ear or onto a neighbouring key cost less, and a little less",
    "for a word only begun, rated by the letters typed and not by the length of the word it begins), and NC the weighted",
    "share of the name's words that were typed; club-form words, particles and numbers weigh 0.2 to 0.3.",
    "A team or league that is not an exact name then moves towards 0.99 by (0.99 − score) × 0.7 × prominence × trust,",
    "where prominence (0 to 1) comes from the data (league tier, continental matches, top-flight form) and trust is 1",
    "for words typed as they are or begun and 0 for matches through slips, so short, ambiguous input goes to the famous",
    "entity and a clearly better match still wins. A fixture scores the mean of its two teams",
    "(× 0.95 without a separator; 1 when both are exact), or 0.8 × the team's score when only one team is named.",
    "Results under 0.3 are left out. Lists are ordered by score; equal scores put the more prominent entity first",
    "(where the prominence was trusted), then the shorter name.",
  ].join(" "),
  security: API_KEY_SECURITY,
  request: { query: EntitySearchSchema },
  responses: apiResponses({ description: "Matches per requested type", schema: EntitySearchResponseSchema }, { errors: [400, 403] }),
});

export function entitySearchRouter(): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>();
  router.get("/search", async (ctx) => {
    const query = parseQuery(ctx, EntitySearchSchema);
    const language = resolveLanguage(query);
    const input = { q: query.q, types: query.types, limit: query.limit ?? DEFAULT_LIMIT, now: new Date() };
    const plan = entitySearchPlan(input, ctx.deps.indices);
    const result = rankEntitySearch(input, plan, await multiSearch(ctx.deps.es, { searches: plan.searches }));
    ctx.state.cache = CACHE_POLICIES.search;
    ctx.body = presentEntitySearch(result, language);
  });
  return router;
}
