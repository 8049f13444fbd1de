import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FixtureDocument } from "../../src/domain/fixture/fixture-document.js";
import type { FixtureFamily } from "../../src/domain/fixture/index-family.js";
import { moveSettled } from "../../src/ingest/move-settled.js";
import { rebuild } from "../../src/ingest/rebuild.js";
import { buildDataSetFromCatalog } from "../../src/ingest/data-set.js";
import { applyFixtureUpdate, updateTarget } from "../../src/live/apply-update.js";
import { WINDOWED_STATISTIC_TYPES } from "../../src/domain/types/windowed-types.js";
import { MOVED_IN_FIELD } from "../../src/store/index-definitions.js";
import { generationOf, liveIndexName, versionedIndexName } from "../../src/store/index-names.js";
import { aliasTargets, currentVersion, dataOrigin } from "../../src/store/index-versions.js";
import { MINI_LEAGUE, miniCatalog } from "../support/mini-catalog.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

/**
 * The live part and history (docs/scaling.md): a rebuild places each fixture by `familyOf`, the
 * read-all endpoints see both, the scanners only the live part, and a move of settled fixtures
 * runs with zero downtime: every read during it sees each fixture exactly once, and a live write
 * made during it survives.
 */
const HOUR = 3_600_000;
const now = new Date(Math.floor(Date.now() / 1000) * 1000);
const at = (hours: number) => new Date(now.getTime() + hours * HOUR).toISOString();

const OLD = 1; // finished a year ago: history from the start
const RECENT = 2; // finished 60 h ago: live at the rebuild, history after a move a day later
const FRESH = 3; // finished 10 h ago: live throughout
const POSTPONED = 4; // never settled: live however old
const UPCOMING = 5;
const ALL = [OLD, RECENT, FRESH, POSTPONED, UPCOMING];

const catalog = miniCatalog([
  { id: OLD, home: 11, away: 12, date_time: at(-24 * 400), status: "FT", result: { ft: [2, 1] } },
  { id: RECENT, home: 13, away: 14, date_time: at(-60), status: "FT", result: { ft: [0, 0] } },
  { id: FRESH, home: 15, away: 16, date_time: at(-10), status: "FT", result: { ft: [1, 3] } },
  { id: POSTPONED, home: 12, away: 13, date_time: at(-24 * 30), status: "POSTPONED" },
  { id: UPCOMING, home: 14, away: 15, date_time: at(48), status: "NOT_STARTED", season: "current" },
]);

let env: TestEnv;

async function json<T>(path: string): Promise<T> {
  const response = await env.get(path);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** Every fixture id of the league through GET /fixtures (the read-all alias), in order. */
async function listedIds(): Promise<number[]> {
  const body = await json<{ fixtures: Array<{ id: number }> }>(`/fixtures?league_id=${MINI_LEAGUE.id}&per_page=50`);
  return body.fixtures.map((fixture) => fixture.id).sort((a, b) => a - b);
}

/** What /fixtures/search shows of finished fixtures: the live part only. */
async function searchedFinished(): Promise<number[]> {
  const body = await json<{ fixtures: Array<{ id: number }> }>("/fixtures/search?window=live&status=FT&per_page=50");
  return body.fixtures.map((fixture) => fixture.id).sort((a, b) => a - b);
}

async function idsIn(index: string): Promise<number[]> {
  await env.es.indices.refresh({ index });
  const response = await env.es.search<FixtureDocument>({ index, size: 100, _source: ["id"], sort: [{ id: "asc" }] });
  return response.hits.hits.map((hit) => hit._source!.id);
}

/** The names among a fixture's indexed `effective` values in `index`: one nested terms aggregation. */
async function effectiveNamesIn(index: string, id: number): Promise<string[]> {
  await env.es.indices.refresh({ index });
  const response = await env.es.search({
    index,
    size: 0,
    query: { term: { id } },
    aggs: { effective: { nested: { path: "effective" }, aggs: { names: { terms: { field: "effective.name", size: 1000 } } } } },
  });
  const effective = response.aggregations?.effective as { names: { buckets: Array<{ key: string }> } };
  return effective.names.buckets.map((bucket) => bucket.key).sort();
}

/** Whether a nested query on `effective` for `name` (as where[] reads it) finds the fixture in `index`. */
async function matchesName(index: string, id: number, name: string): Promise<boolean> {
  const query = { bool: { filter: [{ term: { id } }, { nested: { path: "effective", query: { term: { "effective.name": name } } } }] } };
  return (await env.es.count({ index, query })).count === 1;
}

const distinctNames = (entries: ReadonlyArray<{ developer_name: string }>) => [...new Set(entries.map((entry) => entry.developer_name))].sort();

/**
 * History indexes a fixture's metrics among `effective` but none of its statistics, which stay in
 * `_source` (src/domain/fixture/index-family.ts, `effectiveValuesIn`); the live part indexes both.
 */
async function expectEffectiveAsKeptIn(family: FixtureFamily, id: number): Promise<void> {
  const stored = await env.storedFixture(id);
  const index = env.deps.indices[family];
  expect(stored.statistics.length, `fixture ${id} has statistics in _source`).toBeGreaterThan(0);
  expect(stored.metrics.length, `fixture ${id} has metrics`).toBeGreaterThan(0);
  const statistics = distinctNames(stored.statistics);
  const metrics = distinctNames(stored.metrics);
  const kept = family === "fixtures_history" ? metrics : [...statistics, ...metrics].sort();
  expect(await effectiveNamesIn(index, id), `fixture ${id} in ${family}`).toEqual(kept);
  for (const name of [statistics[0]!, statistics.at(-1)!]) expect(await matchesName(index, id, name), `${name} of fixture ${id} in ${family}`).toBe(family === "fixtures");
  for (const name of [metrics[0]!, metrics.at(-1)!]) expect(await matchesName(index, id, name), `${name} of fixture ${id} in ${family}`).toBe(true);
}

beforeAll(async () => {
  env = await startTestEnv();
  const { dataSet } = buildDataSetFromCatalog(catalog, now);
  await rebuild(env.es, env.deps.indices, { ...dataSet, origin: { source: "mini" } });
});

afterAll(async () => {
  await env?.close();
});

describe("a rebuild splits the fixtures into the live part and history", () => {
  it("puts fixtures settled more than 72 h before the data set's now in history, everything else in the live part", async () => {
    expect(await idsIn(env.deps.indices.fixtures_history)).toEqual([OLD]);
    expect(await idsIn(env.deps.indices.fixtures)).toEqual([RECENT, FRESH, POSTPONED, UPCOMING]);
  });

  it("answers by league, by id and by date across both; the scanners read the live part only", async () => {
    expect(await listedIds()).toEqual(ALL);
    const byId = await json<{ fixtures: Array<{ id: number }> }>(`/fixtures?fixture_id=${OLD},${UPCOMING}`);
    expect(byId.fixtures.map((fixture) => fixture.id).sort()).toEqual([OLD, UPCOMING]);
    const byDate = await json<{ fixtures: Array<{ id: number }> }>(`/fixtures?date=${at(-24 * 400).slice(0, 10)}`);
    expect(byDate.fixtures.map((fixture) => fixture.id)).toEqual([OLD]);
    expect(await searchedFinished()).toEqual([RECENT, FRESH]);
  });

  it("indexes a history fixture's metrics among its effective values but not its statistics; the live part indexes both", async () => {
    await expectEffectiveAsKeptIn("fixtures_history", OLD);
    await expectEffectiveAsKeptIn("fixtures", RECENT);
    await expectEffectiveAsKeptIn("fixtures", FRESH);
  });
});

describe("a move of settled fixtures", () => {
  let before: Record<number, unknown>;
  let during: { reads: number; wrong: string[] };
  let report: Awaited<ReturnType<typeof moveSettled>>;

  beforeAll(async () => {
    before = Object.fromEntries(await Promise.all(ALL.map(async (id) => [id, await json(`/fixtures?fixture_id=${id}`)] as const)));
    const version = (await currentVersion(env.es, env.deps.indices))!;
    // What a move that crashed before its swap leaves: a newer live index and a hidden history copy.
    await env.es.indices.create({ index: liveIndexName(env.deps.indices.fixtures, version, 7) });
    const stray = { ...(await env.storedFixture(FRESH)), [MOVED_IN_FIELD]: 7 };
    await env.es.index({ index: versionedIndexName(env.deps.indices.fixtures_history, version), id: String(FRESH), document: stray, refresh: true });
    expect(await listedIds()).toEqual(ALL);

    // Readers through the whole move: each answer must list every fixture exactly once.
    during = { reads: 0, wrong: [] };
    let moving = true;
    const reader = (async () => {
      while (moving) {
        const ids = await listedIds();
        during.reads++;
        if (JSON.stringify(ids) !== JSON.stringify(ALL)) during.wrong.push(JSON.stringify(ids));
      }
    })();
    // A live write to a fixture that moves, landing while the move copies.
    const target = updateTarget(env.es, env.deps.indices);
    const write = applyFixtureUpdate(target, RECENT, { status: "FT", minute: null, statistics: [] }, { nowUnix: Math.floor(Date.now() / 1000), updatedAt: new Date().toISOString() });
    report = await moveSettled(env.es, env.deps.indices, { now: new Date(now.getTime() + 24 * HOUR) });
    await write;
    moving = false;
    await reader;
  });

  it("moves what has settled since and deletes what an unfinished move left", async () => {
    expect(report).toMatchObject({ moved: 1, kept: 3, generation: 1 });
    expect(await idsIn(env.deps.indices.fixtures_history)).toEqual([OLD, RECENT]);
    expect(await idsIn(env.deps.indices.fixtures)).toEqual([FRESH, POSTPONED, UPCOMING]);
    const [live] = await aliasTargets(env.es, env.deps.indices.fixtures);
    expect(generationOf(live!)).toBe(1);
    const version = (await currentVersion(env.es, env.deps.indices))!;
    expect(await env.es.indices.exists({ index: liveIndexName(env.deps.indices.fixtures, version, 7) })).toBe(false);
    expect(await env.es.indices.exists({ index: versionedIndexName(env.deps.indices.fixtures, version) })).toBe(false);
    // The new live index keeps the version's record: a later `npm start` rebuilds the same source.
    expect(await dataOrigin(env.es, env.deps.indices)).toEqual({ source: "mini" });
  });

  it("indexes a moved fixture's metrics among its effective values but no longer its statistics", async () => {
    await expectEffectiveAsKeptIn("fixtures_history", RECENT);
    await expectEffectiveAsKeptIn("fixtures_history", OLD);
    await expectEffectiveAsKeptIn("fixtures", FRESH);
  });

  it("never showed a fixture twice or lost one while it ran", () => {
    expect(during.reads).toBeGreaterThan(0);
    expect(during.wrong).toEqual([]);
  });

  it("answers every fixture as before, the live write included", async () => {
    for (const id of ALL) {
      const after = await json<{ fixtures: Array<FixtureDocument & { statistics?: unknown[] }> }>(`/fixtures?fixture_id=${id}`);
      if (id === RECENT) expect(after.fixtures[0]!.updated_at).not.toBe((before[id] as { fixtures: FixtureDocument[] }).fixtures[0]!.updated_at);
      else expect(after).toEqual(before[id]);
    }
    // The write emptied the statistics; only the windowed values, kept from the stored trends, remain.
    const windowed = new Set(WINDOWED_STATISTIC_TYPES.map((type) => type.type_id));
    expect((await env.storedFixture(RECENT)).statistics.filter((entry) => !windowed.has(entry.type_id))).toEqual([]);
  });

  it("leaves the moved fixture out of the scanners and writes to it in history", async () => {
    expect(await searchedFinished()).toEqual([FRESH]);
    const target = updateTarget(env.es, env.deps.indices);
    const updatedAt = new Date(Date.now() + 1000).toISOString();
    const result = await applyFixtureUpdate(target, RECENT, { status: "AWARDED" }, { nowUnix: Math.floor(Date.now() / 1000), updatedAt });
    expect(result.written).toBe(true);
    const stored = await env.es.get<FixtureDocument>({ index: env.deps.indices.fixtures_history, id: String(RECENT) });
    expect(stored._source).toMatchObject({ status: "AWARDED", updated_at: updatedAt });
    await expectEffectiveAsKeptIn("fixtures_history", RECENT);
    expect(await listedIds()).toEqual(ALL);
  });
});
