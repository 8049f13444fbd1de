import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rebuild, rollback, type DataSet } from "../../src/ingest/rebuild.js";
import type { IndexedDocument } from "../../src/domain/indexed-document.js";
import { DroppedDocumentsError } from "../../src/store/bulk-load.js";
import { createVersion, currentVersion, dataOrigin, deleteVersions, listVersions } from "../../src/store/index-versions.js";
import { PERSISTENT_INDICES, VERSIONED_INDICES } from "../../src/store/index-names.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

let env: TestEnv;
beforeAll(async () => {
  env = await startTestEnv();
});
afterAll(async () => {
  await env?.close();
});

function dataSet(fixtureIds: number[], extra: object = {}): DataSet {
  const none = { count: 0, documents: () => [] };
  return {
    fixtures: {
      count: fixtureIds.length,
      documents: () => fixtureIds.map((id) => ({ id: String(id), doc: { id, status: "FT", ...extra } })),
    },
    teams: { count: 1, documents: () => [{ id: "7", doc: { id: 7, name: "Team Seven" } }] },
    leagues: none,
    countries: none,
    seasons: none,
    standings: none,
  };
}

async function fixtureIdsVisible(): Promise<number[]> {
  const response = await env.es.search<{ id: number }>({
    index: env.deps.indices.fixtures,
    size: 100,
    sort: [{ id: "asc" }],
  });
  return response.hits.hits.map((hit) => hit._source!.id);
}

describe("rebuild", () => {
  it("loads a new version, checks counts and swaps every alias at once", async () => {
    const report = await rebuild(env.es, env.deps.indices, dataSet([1, 2, 3]));
    expect(report.counts.fixtures).toBe(3);
    expect(report.counts.teams).toBe(1);
    expect(await currentVersion(env.es, env.deps.indices)).toBe(report.version);
    expect(await fixtureIdsVisible()).toEqual([1, 2, 3]);
  });

  it("keeps the previous version for a rollback, which never touches api keys or bet builders", async () => {
    const key = await env.createKey({ userId: 42 });
    await env.es.index({
      index: env.deps.indices.bet_builders,
      id: "9001",
      document: { id: 9001, user_id: 42, fixture_id: 1 },
      refresh: "wait_for",
    });
    const first = await currentVersion(env.es, env.deps.indices);
    const second = await rebuild(env.es, env.deps.indices, dataSet([4, 5]));
    expect(second.previous).toBe(first);
    expect(await fixtureIdsVisible()).toEqual([4, 5]);
    const { from, to } = await rollback(env.es, env.deps.indices);
    expect([from, to]).toEqual([second.version, first]);
    expect(await fixtureIdsVisible()).toEqual([1, 2, 3]);
    expect((await env.get("/types", { key })).status).toBe(200);
    const kept = await env.es.get({ index: env.deps.indices.bet_builders, id: "9001" });
    expect(kept.found).toBe(true);
  });

  it("records where the data came from with its version, for npm start's automatic rebuild", async () => {
    await rebuild(env.es, env.deps.indices, { ...dataSet([20]), origin: { source: "synthetic", scale: 3 } });
    expect(await dataOrigin(env.es, env.deps.indices)).toEqual({ source: "synthetic", scale: 3 });
    await rebuild(env.es, env.deps.indices, dataSet([21]));
    expect(await dataOrigin(env.es, env.deps.indices)).toBeNull();
  });

  it("puts the configured replicas on every versioned and persistent index, auto by default", async () => {
    const replicaSettingsOf = async () => {
      const indices = Object.values(env.deps.indices).filter((name) => name !== env.deps.indices.prefix);
      const response = await env.es.indices.getSettings({ index: indices, name: ["index.number_of_replicas", "index.auto_expand_replicas"], flat_settings: true });
      return Object.values(response).map(({ settings }) => settings as Record<string, string>);
    };
    await rebuild(env.es, env.deps.indices, dataSet([10]), undefined, 1);
    const pinned = await replicaSettingsOf();
    expect(pinned).toHaveLength(VERSIONED_INDICES.length + PERSISTENT_INDICES.length);
    for (const settings of pinned) expect(settings).toMatchObject({ "index.number_of_replicas": "1", "index.auto_expand_replicas": "false" });

    await rebuild(env.es, env.deps.indices, dataSet([11]));
    const auto = await replicaSettingsOf();
    expect(auto).toHaveLength(VERSIONED_INDICES.length + PERSISTENT_INDICES.length);
    for (const settings of auto) expect(settings).toMatchObject({ "index.auto_expand_replicas": "0-1" });
  });

  it("fails loudly on a rejected document and leaves the live aliases untouched", async () => {
    const before = await currentVersion(env.es, env.deps.indices);
    const versionsBefore = await listVersions(env.es, env.deps.indices);
    await expect(rebuild(env.es, env.deps.indices, dataSet([8, 9], { not_in_mapping: true }))).rejects.toBeInstanceOf(
      DroppedDocumentsError,
    );
    expect(await currentVersion(env.es, env.deps.indices)).toBe(before);
    expect(await listVersions(env.es, env.deps.indices)).toEqual(versionsBefore);
  });

  it("fails when a count does not match what the source promised", async () => {
    const before = await currentVersion(env.es, env.deps.indices);
    const data = dataSet([10, 11]);
    data.fixtures.count = 3;
    await expect(rebuild(env.es, env.deps.indices, data)).rejects.toThrow(/fixtures: the source promised 3 documents and made 2/);
    expect(await currentVersion(env.es, env.deps.indices)).toBe(before);
  });

  it("runs two rebuilds started at once one after the other: the later one's data is live and both versions are whole", async () => {
    const secondLog: string[] = [];
    const [first, second] = await Promise.all([
      rebuild(env.es, env.deps.indices, dataSet([31, 32]), undefined, "auto", { pollMs: 50 }),
      sleep(20).then(() => rebuild(env.es, env.deps.indices, dataSet([33, 34, 35]), (line) => secondLog.push(line), "auto", { pollMs: 50 })),
    ]);
    expect(secondLog[0]).toMatch(/^Waiting for .* to finish its rebuild/);
    expect(second.previous).toBe(first.version);
    expect(await currentVersion(env.es, env.deps.indices)).toBe(second.version);
    expect(await fixtureIdsVisible()).toEqual([33, 34, 35]);
    expect(await listVersions(env.es, env.deps.indices)).toEqual(expect.arrayContaining([first.version, second.version]));
    const { to } = await rollback(env.es, env.deps.indices);
    expect(to).toBe(first.version);
    expect(await fixtureIdsVisible()).toEqual([31, 32]);
  });

  it("never deletes a newer version (another rebuild's, still loading) nor the one the aliases point at", async () => {
    const loading = "99990101000000000";
    await createVersion(env.es, env.deps.indices, loading);
    try {
      await rebuild(env.es, env.deps.indices, dataSet([41]));
      const done = await rebuild(env.es, env.deps.indices, dataSet([42]));
      const versions = await listVersions(env.es, env.deps.indices);
      expect(versions).toContain(loading);
      expect(versions).toContain(done.version);
      expect(await fixtureIdsVisible()).toEqual([42]);
    } finally {
      await deleteVersions(env.es, env.deps.indices, [loading]);
    }
  });

  it("keeps its lease through a long rebuild: a rebuild waiting beside it never takes it over", async () => {
    // The first rebuild's fixtures arrive slowly (far longer than the waiter's staleness limit);
    // its heartbeat (every 100 ms) must keep the lease while it loads them.
    const slow: DataSet = {
      ...dataSet([]),
      fixtures: {
        count: 4,
        documents: async function* (): AsyncGenerator<IndexedDocument> {
          for (const id of [51, 52, 53, 54]) {
            await sleep(1_000);
            yield { id: String(id), doc: { id, status: "FT" } };
          }
        },
      },
    };
    const waiterLog: string[] = [];
    const first = rebuild(env.es, env.deps.indices, slow, undefined, "auto", { heartbeatMs: 100 });
    await sleep(100);
    // Far shorter than the slow load (4 s), far longer than one heartbeat write on a busy node.
    const second = rebuild(env.es, env.deps.indices, dataSet([55]), (line) => waiterLog.push(line), "auto", { pollMs: 50, staleAfterMs: 1_500 });
    const [slowReport, laterReport] = await Promise.all([first, second]);
    expect(waiterLog.some((line) => /Took over/.test(line))).toBe(false);
    expect(laterReport.previous).toBe(slowReport.version);
    expect(await fixtureIdsVisible()).toEqual([55]);
  });
});
