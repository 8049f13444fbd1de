import { createClient, type Schemas } from "@sports-fixtures/client";
import { beforeAll, describe, expect, it } from "vitest";
import { useClientHarness } from "../../../test/support/client-harness-hooks.js";
import { documentedShape, type OpenApiDocument } from "../../../test/support/documented-shape.js";
import { MINI_SEASONS } from "../../../test/support/mini-catalog.js";

/**
 * Every documented endpoint through the TypeScript client against the real service: each
 * answer must have the documented shape (strict: no field the document does not list), which
 * is what the generated types say the client returns.
 */
const harness = useClientHarness();
let document: OpenApiDocument;
const INCLUDES = ["odds", "statistics", "metrics"];

beforeAll(async () => {
  document = (await (await fetch(`${harness().url}/openapi.json`)).json()) as OpenApiDocument;
});

const client = (key = harness().key) => createClient({ baseUrl: harness().url, apiKey: key });

/** Per documented path: calls through the client, and the list in each answer that must not be empty. */
const CASES: Record<string, () => Array<{ call: () => Promise<object>; list?: string }>> = {
  "/health": () => [{ call: () => client().health() }],
  "/ready": () => [{ call: () => client().ready() }],
  "/types": () => [{ call: () => client().types({ developer_type: ["statistics", "predictions"] }), list: "types" }],
  "/fixtures": () => [
    { call: () => client().fixtures.list({ per_page: 100, include: INCLUDES }), list: "fixtures" },
    { call: () => client().fixtures.byIds([1, 2], { include: ["last_fixtures"], language: "de" }), list: "fixtures" },
    { call: () => client().fixtures.byDate(new Date().toISOString().slice(0, 10)), list: "fixtures" },
  ],
  "/fixtures/search": () => [
    { call: () => client().fixturesSearch({ window: "48", include: INCLUDES, order: { by: "PREDICTION_HOME_WIN_PROBABILITY", direction: "desc" } }), list: "fixtures" },
    { call: () => client().fixturesSearch({ window: "48", where: { PREDICTION_HOME_WIN_PROBABILITY: { min: 0, max: 100 } } }), list: "fixtures" },
  ],
  "/fixtures/backtest": () => [
    { call: () => client().fixturesBacktest({ market_id: 1, label_id: 1 }), list: "by_month" },
    {
      call: () => client().fixturesBacktest({ market_id: 2, label_id: 4, line: "2.5", bookmaker_id: 2, where: { PREDICTION_HOME_WIN_PROBABILITY: { min: 0, max: 100 } } }),
      list: "by_league",
    },
  ],
  "/fixtures/backtest/in-play": () => [
    { call: () => client().fixturesBacktestInPlay({ where: { GOALS: { max: 0 } }, minute_to: 30 }), list: "by_minute" },
    {
      call: () => client().fixturesBacktestInPlay({ where: { DANGEROUS_ATTACKS_LAST_10: { min: 1, scope: "HOME" }, PREDICTION_HOME_WIN_PROBABILITY: { min: 0, max: 100 } } }),
      list: "outcomes",
    },
  ],
  "/fixtures/head-to-head": () => [
    { call: () => client().fixturesHeadToHead([11, 12], { include: INCLUDES, limit: 5 }), list: "fixtures" },
    { call: () => client().fixturesHeadToHead([12, 11], { language: "de" }), list: "fixtures" },
  ],
  "/livescores": () => [{ call: () => client().livescores({ include: INCLUDES }), list: "fixtures" }],
  "/livescores/stream": () => [{ call: () => snapshotOf(client().live.livescores({ include: INCLUDES })), list: "fixtures" }],
  "/fixtures/search/stream": () => [{ call: () => snapshotOf(client().live.fixturesSearch({ window: "48", include: INCLUDES })), list: "fixtures" }],
  "/search": () => [
    { call: () => client().search("arsenal", { types: ["team"] }), list: "teams" },
    { call: () => client().search("arsenal chelsea", { types: ["team", "fixture"], limit: 3 }), list: "fixtures" },
  ],
  "/standings": () => [{ call: () => client(harness().standingsKey).standings(MINI_SEASONS.past.id), list: "standings" }],
  "/bet-builders": () => [{ call: () => client(harness().betBuilderKey).betBuilders.list(), list: "fixtures" }],
  "/bet-builders/{id}": () => [{ call: () => client(harness().betBuilderKey).betBuilders.get(harness().betBuilderId), list: "selections" }],
};

/** A live result set's first snapshot, as the stream sent it; the set is closed after it. */
async function snapshotOf(set: { on: (name: "snapshot", listener: (event: { fixtures: unknown[]; at: string }) => void) => () => void; ready: () => Promise<void>; close: () => void }) {
  let snapshot: object = {};
  set.on("snapshot", (event) => (snapshot = event));
  await set.ready();
  set.close();
  return snapshot;
}

describe("the TypeScript client on every documented endpoint", () => {
  it("covers every documented path", () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(document.paths).sort());
  });

  it.each(Object.keys(CASES))("GET %s answers through the client in the documented shape", async (path) => {
    const stream = path.endsWith("/stream");
    const validate = documentedShape(document, path, stream ? "text/event-stream" : "application/json");
    for (const { call, list } of CASES[path]!()) {
      const body = (await call()) as Record<string, unknown>;
      if (list) expect((body[list] as unknown[]).length, `${path}: ${list}`).toBeGreaterThan(0);
      validate(body);
      expect(validate.errors ?? [], path).toEqual([]);
    }
  });

  it("types what it returns as the generated schemas", async () => {
    // Compile-time half of the check: these assignments fail `npm run typecheck` when the types drift.
    const search: Schemas["FixturesSearchResponse"] = await client().fixturesSearch({ window: "live" });
    const entities: Schemas["EntitySearchResponse"] = await client().search("chelsea", { types: ["team"] });
    expect(search.fixtures.every((fixture) => typeof fixture.id === "number")).toBe(true);
    expect(entities.teams?.[0]?.name).toBe("Chelsea FC");
  });
});
