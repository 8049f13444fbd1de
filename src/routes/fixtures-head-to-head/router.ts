import Router from "@koa/router";
import { CACHE_POLICIES } from "../../http/cache-policy.js";
import type { AppContext, AppState } from "../../http/context.js";
import { sendFixtureList } from "../../http/fixture-list-response.js";
import { apiResponses } from "../../openapi/api-responses.js";
import { API_KEY_SECURITY, registry } from "../../openapi/registry.js";
import { readFixtureList } from "../../reading/list-read.js";
import { meetingsRequest, summaryRequest } from "../../search/head-to-head/head-to-head-request.js";
import { readHeadToHeadCounts } from "../../store/head-to-head-reads.js";
import { presentHeadToHeadSummary } from "./presenter.js";
import { FixturesHeadToHeadResponseSchema, FixturesHeadToHeadSchema, fixturesHeadToHeadInput, MAX_LIMIT } from "./schema.js";
import type { ApiTag } from "../../openapi/tags.js";

registry.registerPath({
  tags: ["fixtures"] satisfies ApiTag[],
  method: "get",
  path: "/fixtures/head-to-head",
  summary: "The meetings of two teams, newest first, and a summary of all of them",
  description:
    "A meeting is a fixture of the two teams against each other, either at home, that finished (FT, AWARDED) with a score; " +
    "upcoming, in-play, postponed, cancelled and abandoned fixtures are not meetings. `fixtures` holds the last `limit` " +
    `(default 10, at most ${MAX_LIMIT}) in the Fixture shape of /fixtures, newest first; \`summary\` counts every meeting, ` +
    "from the final scores (extra time included, a shoot-out not). A team id without meetings (unknown or not) is no " +
    "error: `{ fixtures: [], summary: { meetings: 0, ... } }` with each team's wins 0 and the averages null.",
  security: API_KEY_SECURITY,
  request: { query: FixturesHeadToHeadSchema },
  responses: apiResponses({ description: "The meetings and their summary", schema: FixturesHeadToHeadResponseSchema }, { errors: [400, 403], etag: true }),
});

export function fixturesHeadToHeadRouter(): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>();
  router.get("/fixtures/head-to-head", async (ctx) => {
    const input = fixturesHeadToHeadInput(ctx);
    const { language, includes, filters } = input;
    const { es, indices, fixtureJsonCache: cache } = ctx.deps;
    // Meetings are past fixtures: in history, or still in the live part.
    const index = indices.fixtures_all;
    const options = { language, includes, filters, variant: "fixtures" } as const;
    // Two searches side by side: the meetings listed, and the counts over all of them.
    const [fixtures, counts] = await Promise.all([
      readFixtureList(es, cache, meetingsRequest(input, index), options),
      readHeadToHeadCounts(es, summaryRequest(input, index)),
    ]);
    const rest = { summary: presentHeadToHeadSummary(input.teamIds, counts) };
    sendFixtureList(ctx, { fixtures, options, rest, cache: CACHE_POLICIES.headToHead });
  });
  return router;
}
