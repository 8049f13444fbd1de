import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FixtureDocument } from "../../src/domain/fixture/fixture-document.js";
import { buildDataSetFromCatalog } from "../../src/ingest/data-set.js";
import { rebuild, type DataSet, type RebuildReport } from "../../src/ingest/rebuild.js";
import { applyFixtureUpdate, updateTarget } from "../../src/live/apply-update.js";
import { loadCatalog, MINI_SEASONS, miniCatalog } from "../support/mini-catalog.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

/** A live write that lands while a rebuild runs survives the swap. */
const now = new Date(Math.floor(Date.now() / 1000) * 1000);
const UPDATED = 1;
const UNTOUCHED = 2;
const catalog = miniCatalog([
  { id: UPDATED, home: 11, away: 12, date_time: new Date(now.getTime() - 80 * 60_000).toISOString(), status: "NOT_STARTED", season: "current" },
  { id: UNTOUCHED, home: 13, away: 14, date_time: new Date(now.getTime() - 20 * 60_000).toISOString(), status: "NOT_STARTED", season: "current" },
]);

let env: TestEnv;
let report: RebuildReport;
let before: FixtureDocument;

/** The same data again, whose fixture documents are generated only after a live update went to the old version. */
function withLiveWriteDuringGeneration(dataSet: DataSet, write: () => Promise<void>): DataSet {
  const history = dataSet.history!;
  return {
    ...dataSet,
    // The rebuild loads the fixtures its walk gives.
    history: {
      ...history,
      walk: async (start) => {
        const walked = await history.walk(start);
        const { count, documents } = walked.fixtures;
        return {
          ...walked,
          fixtures: {
            count,
            async *documents() {
              await write();
              yield* documents();
            },
          },
        };
      },
    },
  };
}

beforeAll(async () => {
  env = await startTestEnv();
  await loadCatalog(env, catalog, now);
  before = await env.storedFixture(UPDATED);
  const target = updateTarget(env.es, env.deps.indices);
  const statistics = before.statistics.map((s) => (s.developer_name === "CORNERS" && s.location === "league" ? { ...s, value: 97 } : s));
  const { dataSet } = buildDataSetFromCatalog(catalog, now);
  report = await rebuild(
    env.es,
    env.deps.indices,
    withLiveWriteDuringGeneration(dataSet, async () => {
      const result = await applyFixtureUpdate(target, UPDATED, { status: "FT", minute: null, statistics });
      expect(result.written).toBe(true);
    }),
  );
  await env.es.indices.refresh({ index: [env.deps.indices.fixtures, env.deps.indices.standings] });
});

afterAll(async () => {
  await env?.close();
});

describe("a rebuild while live updates are written", () => {
  it("carries the fixture updated during the rebuild into the new version, with its indexed-only fields", async () => {
    expect(report.previous).not.toBeNull();
    expect(report.carriedOver).toBe(1);
    const after = await env.storedFixture(UPDATED);
    expect(after.status).toBe("FT");
    expect(after.updated_at > before.updated_at).toBe(true);
    const corners = await env.es.count({
      index: env.deps.indices.fixtures,
      query: { nested: { path: "effective", query: { bool: { filter: [{ term: { "effective.name": "CORNERS" } }, { term: { "effective.value": 97 } }] } } } },
    });
    expect(corners.count).toBe(1);
    const entity = await env.get("/search?q=arsenal%20chelsea&types=fixture");
    expect(((await entity.json()) as { fixtures: Array<{ id: number }> }).fixtures.map((f) => f.id)).toContain(UPDATED);
  });

  it("keeps the new version's document of a fixture nobody wrote meanwhile; only its season's standings move its positions", async () => {
    const untouched = await env.storedFixture(UNTOUCHED);
    expect(untouched.participants.map((p) => p.position)).not.toContain(null);
    // The standings of the season whose carried fixture finished reposition its participants:
    // a change like any other, so its updated_at moves on (the streams' change feed reads by it).
    expect(Date.parse(untouched.updated_at)).toBeGreaterThanOrEqual(now.getTime());
  });

  it("recomputes the standings of a season whose carried fixture finished", async () => {
    const key = await env.createKey({ roles: ["standings"] });
    const response = await env.get(`/standings?season_id=${MINI_SEASONS.current.id}`, { key });
    const rows = ((await response.json()) as { standings: Array<{ team: { id: number }; statistics: Array<{ developer_name: string; value: number }> }> }).standings;
    const played = rows.find((row) => row.team.id === 11)?.statistics.find((s) => s.developer_name === "OVERALL_MATCHES_PLAYED")?.value;
    expect(played).toBe(1);
  });
});

describe("a live write between building the data set and the rebuild call", () => {
  it("is carried over too: the data set's own time, not the call's, is where carrying starts", async () => {
    const target = updateTarget(env.es, env.deps.indices);
    const generatedAt = new Date();
    const { dataSet } = buildDataSetFromCatalog(catalog, generatedAt);
    // Reading a real source takes a while; the feed keeps writing meanwhile.
    const written = await applyFixtureUpdate(target, UNTOUCHED, { status: "HT", minute: 45 }, {
      nowUnix: Math.floor(generatedAt.getTime() / 1000) + 1,
      updatedAt: new Date(generatedAt.getTime() + 1000).toISOString(),
    });
    expect(written.written).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = await rebuild(env.es, env.deps.indices, dataSet);
    expect(second.carriedOver).toBeGreaterThanOrEqual(1);
    const after = await env.storedFixture(UNTOUCHED);
    expect(after.status).toBe("HT");
    expect(after.updated_at).toBe(new Date(generatedAt.getTime() + 1000).toISOString());
  });
});
