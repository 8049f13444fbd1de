import Router from "@koa/router";
import type { AppContext, AppState } from "../../http/context.js";
import { matchedRoute } from "../../http/matched-route.js";
import { API_KEY_SECURITY, registry } from "../../openapi/registry.js";
import { LivescoreFixtureSchema, SearchFixtureSchema } from "../../presenters/fixture-schema.js";
import { fixturesSearchStreamInput } from "../fixtures-search/schema.js";
import { livescoresInput, LivescoresListSchema } from "../livescores/schema.js";
import { openStream } from "./open-stream.js";
import { FixturesSearchStreamDocSchema, streamEventSchema, streamResponses } from "./schema.js";
import { fixturesSearchStandingQuery, livescoresStandingQuery } from "./standing-queries.js";
import type { ApiTag } from "../../openapi/tags.js";

registry.registerPath({
  tags: ["streams"] satisfies ApiTag[],
  method: "get",
  path: "/livescores/stream",
  summary: "Fixtures in play, pushed as they change (Server-Sent Events)",
  description:
    "The result set of /livescores with the same parameters, sent once as a snapshot and then kept true by enter, update and " +
    "leave events. A browser's EventSource cannot set headers: pass the key as api_token.",
  security: API_KEY_SECURITY,
  request: { query: LivescoresListSchema },
  responses: streamResponses(streamEventSchema("Livescores", LivescoreFixtureSchema), "The fixtures in play, then their changes"),
});

registry.registerPath({
  tags: ["streams"] satisfies ApiTag[],
  method: "get",
  path: "/fixtures/search/stream",
  summary: "A fixture search kept true (Server-Sent Events): a standing query over where, order and window",
  description:
    "Every fixture /fixtures/search matches with the same parameters (without page and per_page), sent once as a snapshot in " +
    "its order and then kept true by enter, update and leave events, also as the window moves with time. A query that matches " +
    "more than STREAM_SNAPSHOT_MAX fixtures (default 1,000) is a 400 that says how to narrow it.",
  security: API_KEY_SECURITY,
  request: { query: FixturesSearchStreamDocSchema },
  responses: streamResponses(streamEventSchema("Search", SearchFixtureSchema), "The matching fixtures, then their changes"),
});

const STREAM_PATHS: ReadonlySet<string> = new Set(["/livescores/stream", "/fixtures/search/stream"]);

/** Whether the request opens a stream (admission control lets it wait in places of its own). */
export function opensStream(ctx: AppContext): boolean {
  return ctx.method === "GET" && STREAM_PATHS.has(matchedRoute(ctx) ?? "");
}

export function streamsRouter(): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>();
  router.get("/livescores/stream", (ctx) => openStream(ctx, livescoresStandingQuery(ctx.deps, livescoresInput(ctx))));
  router.get("/fixtures/search/stream", (ctx) => openStream(ctx, fixturesSearchStandingQuery(ctx.deps, fixturesSearchStreamInput(ctx))));
  return router;
}
