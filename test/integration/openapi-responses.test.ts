import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateBetBuilders } from "../../src/bet-builders/generate.js";
import { documentedShape, type OpenApiDocument } from "../support/documented-shape.js";
import { loadCatalog, MINI_COUNTRY, MINI_LEAGUE, MINI_SEASONS, miniCatalog } from "../support/mini-catalog.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

/**
 * Every documented endpoint answers what /openapi.json says it does: real answers of the
 * real app over real data, checked against the documented 200 schema made strict (no
 * field the document does not list; see closedSchema).
 */

const now = new Date();
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();
const BET_BUILDER_USER = 41;

let env: TestEnv;
let document: OpenApiDocument;
let standingsKey: string;
let betBuilderKey: string;
let betBuilderId: number;

beforeAll(async () => {
  env = await startTestEnv();
  // Past results (forms, standings), a staged and grouped match, one in play and one upcoming.
  await loadCatalog(
    env,
    miniCatalog([
      { id: 1, home: 11, away: 12, date_time: hours(-24 * 60), status: "FT", result: { ht: [1, 0], ft: [2, 1] } },
      { id: 2, home: 11, away: 13, date_time: hours(-24 * 53), status: "FT", result: { ft: [0, 0] } },
      { id: 3, home: 14, away: 12, date_time: hours(-24 * 46), status: "FT", result: { ft: [1, 3] } },
      { id: 4, home: 15, away: 16, date_time: hours(-24 * 40), status: "FT", result: { ft: [1, 0] }, stage: { id: 9001, name: "Group Stage" }, group: { id: 9101, name: "Group A" } },
      { id: 5, home: 11, away: 12, date_time: hours(-24 * 39), status: "FT", result: { ft: [0, 0], et: [1, 1], p: [4, 3] }, knockout: true },
      { id: 6, home: 13, away: 14, date_time: hours(-0.4), status: "INPLAY_1ST_HALF", season: "current" },
      { id: 7, home: 11, away: 12, date_time: hours(3), status: "NOT_STARTED", season: "current" },
      { id: 8, home: 15, away: 16, date_time: hours(27), status: "NOT_STARTED", season: "current" },
    ]),
    now,
  );
  standingsKey = await env.createKey({ userId: 40, roles: ["standings"] });
  betBuilderKey = await env.createKey({ userId: BET_BUILDER_USER });
  const { created } = await generateBetBuilders(env.es, env.deps.indices, { userId: BET_BUILDER_USER, now });
  betBuilderId = created[0]!.id;
  await env.es.indices.refresh({ index: env.deps.indices.bet_builders });
  document = (await (await env.get("/openapi.json", { key: null })).json()) as OpenApiDocument;
});
afterAll(async () => {
  await env?.close();
});

const ALL_INCLUDES = "odds,statistics,metrics,fair_odds,movement,last_fixtures,trends";

/** Per documented path: real requests, and the lists in their answers that must not be empty (so items are checked). */
type Case = { url: string; key?: string; lists: string[]; stream?: true };
const CASES: Record<string, () => Case[]> = {
  "/health": () => [{ url: "/health", lists: [] }],
  "/ready": () => [{ url: "/ready", lists: [] }],
  "/types": () => [{ url: "/types", lists: ["types"] }],
  "/fixtures": () => [
    { url: `/fixtures?per_page=100&include=${ALL_INCLUDES}`, lists: ["fixtures"] },
    { url: "/fixtures?fixture_id=7&include=last_fixtures,statistics&language=de", lists: ["fixtures"] },
  ],
  "/fixtures/search": () => [
    { url: "/fixtures/search?window=48&include=odds,statistics,metrics", lists: ["fixtures"] },
    { url: "/fixtures/search?window=live", lists: ["fixtures"] },
  ],
  "/livescores": () => [{ url: "/livescores?include=odds,statistics,metrics", lists: ["fixtures"] }],
  // A stream's documented 200 is its events' data: checked on the snapshot each opens with.
  "/livescores/stream": () => [{ url: "/livescores/stream?include=odds,statistics,metrics", lists: ["fixtures"], stream: true }],
  "/fixtures/backtest/in-play": () => [
    { url: "/fixtures/backtest/in-play?where[GOALS]=0:99", lists: ["outcomes", "by_minute", "by_league"] },
    { url: "/fixtures/backtest/in-play?where[CORNERS_LAST_10]=0:99:HOME&where[PREDICTION_GL_CONFIDENCE]=0:100&minute_from=10&minute_to=80", lists: ["outcomes", "by_minute"] },
  ],
  "/fixtures/backtest": () => [
    { url: "/fixtures/backtest?market_id=1&label_id=1", lists: ["by_league", "by_month"] },
    { url: "/fixtures/backtest?market_id=2&label_id=5&line=2.5&bookmaker_id=3&where[PREDICTION_GL_CONFIDENCE]=0:100", lists: ["by_league", "by_month"] },
  ],
  // Teams 11 and 12 met twice (match 5 a draw after extra time, its shoot-out not counted).
  "/fixtures/head-to-head": () => [
    { url: "/fixtures/head-to-head?team_ids=11,12&include=odds,statistics,metrics,fair_odds,movement,trends", lists: ["fixtures"] },
    { url: "/fixtures/head-to-head?team_ids=12,11&limit=1&language=de", lists: ["fixtures"] },
  ],
  "/fixtures/search/stream": () => [{ url: "/fixtures/search/stream?window=48&include=odds,statistics,metrics", lists: ["fixtures"], stream: true }],
  "/search": () => [
    { url: `/search?q=${encodeURIComponent(MINI_COUNTRY.name)}&types=country`, lists: ["countries"] },
    { url: `/search?q=${encodeURIComponent(MINI_LEAGUE.name)}&types=league`, lists: ["leagues"] },
    { url: "/search?q=arsenal%20chelsea&types=team,fixture", lists: ["teams", "fixtures"] },
  ],
  "/standings": () => [{ url: `/standings?season_id=${MINI_SEASONS.past.id}`, key: standingsKey, lists: ["standings"] }],
  "/bet-builders": () => [{ url: "/bet-builders", key: betBuilderKey, lists: ["fixtures"] }],
  "/bet-builders/{id}": () => [{ url: `/bet-builders/${betBuilderId}`, key: betBuilderKey, lists: ["selections"] }],
};

describe("the documented response shapes", () => {
  it("cover every documented path", () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(document.paths).sort());
  });

  it.each(Object.keys(CASES))("match real answers of GET %s", async (path) => {
    for (const { url, key, lists, stream } of CASES[path]!()) {
      const validate = documentedShape(document, path, stream ? "text/event-stream" : "application/json");
      const response = await env.get(url, key === undefined ? {} : { key });
      const body = stream ? await firstEventData(response) : ((await response.json()) as Record<string, unknown>);
      expect(response.status, `${url}: ${JSON.stringify(body)}`).toBe(200);
      for (const list of lists) expect((body[list] as unknown[] | undefined)?.length ?? 0, `${url}: ${list}`).toBeGreaterThan(0);
      validate(body);
      expect(validate.errors ?? [], url).toEqual([]);
    }
  });
});

/** The JSON data of a stream's first event (its snapshot); the stream is closed after it. */
async function firstEventData(response: Response): Promise<Record<string, unknown>> {
  const reader = response.body!.getReader();
  let text = "";
  const decoder = new TextDecoder();
  let data: RegExpExecArray | null = null;
  while (!(data = /^data: (.*)\n\n/m.exec(text))) text += decoder.decode((await reader.read()).value, { stream: true });
  await reader.cancel();
  return JSON.parse(data[1]!) as Record<string, unknown>;
}
