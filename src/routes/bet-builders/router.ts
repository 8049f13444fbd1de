import Router from "@koa/router";
import { NotFoundError, BadRequestError } from "../../http/errors.js";
import { CACHE_POLICIES } from "../../http/cache-policy.js";
import type { AppContext, AppState } from "../../http/context.js";
import { parseQuery, resolveLanguage } from "../../http/query.js";
import { apiResponses } from "../../openapi/api-responses.js";
import { API_KEY_SECURITY, registry } from "../../openapi/registry.js";
import { readBetBuilder } from "../../store/bet-builders.js";
import { listBetBuilders } from "./list.js";
import { presentBetBuilder, presentBetBuilderList } from "./presenter.js";
import { BET_BUILDERS_CAP, contentExcept } from "../../search/bet-builders/list-query.js";
import {
  BetBuilderByIdSchema,
  BetBuilderParamsSchema,
  BetBuilderSchema,
  BetBuildersListSchema,
  BetBuildersResponseSchema,
} from "./schema.js";
import type { ApiTag } from "../../openapi/tags.js";

registry.registerPath({
  tags: ["bet builders"] satisfies ApiTag[],
  method: "get",
  path: "/bet-builders",
  summary: "The caller's active bet builders, grouped under their fixtures (beta)",
  description:
    "Only bet builders of the authenticated user that are active: not suspended, pending (status 0) and of a fixture that " +
    `has not finished. Fixtures by date_time, bet builders newest first within a fixture; at most ${BET_BUILDERS_CAP} bet ` +
    "builders per response, no pagination.",
  security: API_KEY_SECURITY,
  request: { query: BetBuildersListSchema },
  responses: apiResponses({ description: "Fixtures with their bet builders", schema: BetBuildersResponseSchema }, { errors: [400, 403] }),
});

registry.registerPath({
  tags: ["bet builders"] satisfies ApiTag[],
  method: "get",
  path: "/bet-builders/{id}",
  summary: "One of the caller's bet builders, also expired, settled or suspended ones (beta)",
  security: API_KEY_SECURITY,
  request: { params: BetBuilderParamsSchema, query: BetBuilderByIdSchema },
  responses: apiResponses({ description: "The bet builder", schema: BetBuilderSchema }, { errors: [400, 403, 404] }),
});

const NOT_FOUND = "Bet builder not found";

export function betBuildersRouter(): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>();

  router.get("/bet-builders", async (ctx) => {
    const query = parseQuery(ctx, BetBuildersListSchema);
    const language = resolveLanguage(query);
    const filters = {
      ...(query.model_id ? { modelIds: query.model_id } : {}),
      ...(query.fixture_id !== undefined ? { fixtureId: query.fixture_id } : {}),
      ...(query.league_id ? { leagueIds: query.league_id } : {}),
      ...(query.is_live !== undefined ? { isLive: query.is_live } : {}),
    };
    ctx.state.cache = CACHE_POLICIES.live;
    ctx.body = presentBetBuilderList(await listBetBuilders(ctx.deps.es, ctx.deps.indices, ctx.state.principal!.userId, filters, language));
  });

  router.get("/bet-builders/:id", async (ctx) => {
    const params = BetBuilderParamsSchema.safeParse({ id: ctx.params.id });
    if (!params.success) throw new BadRequestError(params.error.issues[0]?.message ?? "id must be a positive integer");
    const language = resolveLanguage(parseQuery(ctx, BetBuilderByIdSchema));
    const doc = await readBetBuilder(ctx.deps.es, ctx.deps.indices.bet_builders, params.data.id, contentExcept(language));
    // Another user's bet builder is answered exactly like a missing one: its existence is not revealed.
    if (!doc || doc.user_id !== ctx.state.principal!.userId) throw new NotFoundError(NOT_FOUND);
    ctx.state.cache = CACHE_POLICIES.live;
    ctx.body = presentBetBuilder(doc, language);
  });

  return router;
}
