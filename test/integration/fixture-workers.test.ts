import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDataSet } from "../../src/ingest/data-set.js";
import { rebuild, type RebuildMode, type RebuildReport } from "../../src/ingest/rebuild.js";
import { loadCatalogSource, type SourceOptions } from "../../src/ingest/sources/load-source.js";
import { versionedIndexName } from "../../src/store/index-names.js";
import { currentVersion, listVersions, versionMeta } from "../../src/store/index-versions.js";
import { loadCheckpoint } from "../../src/store/model-checkpoints.js";
import { documentHashes } from "../../scripts/lib/document-hashes.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

/**
 * `--workers K` (src/ingest/fixture-workers/): the fixtures are built and loaded in K threads, a
 * share of the seasons each, each reading the source again. The version is the one-thread
 * rebuild's, document for document (sorted SHA-256 of every index), with the same history record
 * and model checkpoint, whether full or nightly; a worker's fault fails the rebuild and leaves
 * the previous version serving.
 */
/**
 * The synthetic base part (about 4,700 fixtures of six leagues, past seasons among them) and one
 * generated league with two past seasons, which the source declares (catalog-source.ts): the
 * nightly rebuild outlines and fingerprints them without making their matches and its walks
 * start at the checkpoint's instant, after them.
 */
const SOURCE: SourceOptions = { source: "synthetic", leagues: 1, historySeasons: 2 };
/** A rebuild of it takes 15-40 s on this machine, depending on what else runs. */
const REBUILDS = 240_000;
// A whole minute: the live slate's seeds follow the minute.
const T = new Date("2026-11-25T12:00:00.000Z");

let env: TestEnv;
beforeAll(async () => {
  env = await startTestEnv();
});
afterAll(async () => {
  await env?.close();
});

async function rebuildAt(now: Date, mode: RebuildMode, workers: number, elasticsearch = env.config.elasticsearch): Promise<RebuildReport> {
  const { dataSet } = await buildDataSet(SOURCE, now);
  return rebuild(env.es, env.deps.indices, dataSet, () => {}, env.config.indexLayout, {}, { mode, workers: { count: workers, elasticsearch } });
}

/** The documents of `version`, hashed (scripts/lib/document-hashes.ts). */
function hashesOf(version: string, without: readonly string[] = []): Promise<Record<string, string[]>> {
  return documentHashes(env.es, env.deps.indices, version, without);
}

/** What a version records of its history, and the model checkpoint it saved. */
async function historyRecord(version: string): Promise<{ history: { cut: string; fingerprint: string; checkpoint?: string }; checkpoint: unknown }> {
  const meta = (await versionMeta(env.es, versionedIndexName(env.deps.indices.fixtures, version))) as { history: { cut: string; fingerprint: string; checkpoint?: string } };
  const checkpoint = meta.history.checkpoint ? await loadCheckpoint(env.es, env.deps.indices, meta.history.checkpoint) : null;
  return { history: meta.history, checkpoint };
}

describe("a rebuild with fixture workers", () => {
  let one: RebuildReport;
  let two: RebuildReport;

  it("loads, in two workers, what one thread loads: every document, the history record and the checkpoint", async () => {
    one = await rebuildAt(T, "full", 1);
    const expected = await hashesOf(one.version);
    const recordOfOne = await historyRecord(one.version);
    two = await rebuildAt(T, "full", 2);
    expect(two.counts).toEqual(one.counts);
    expect(one.counts.fixtures_history).toBeGreaterThan(100);
    expect(await hashesOf(two.version)).toEqual(expected);
    const recordOfTwo = await historyRecord(two.version);
    expect(recordOfTwo.history.checkpoint).toBeDefined();
    expect(recordOfTwo).toEqual(recordOfOne);
  }, 2 * REBUILDS);

  it("keeps history in a nightly rebuild with three workers, resumed at the checkpoint, as the full rebuild loads it", async () => {
    // The previous version (`two`) is kept for a rollback; the one before it is deleted.
    // The generated league's two past seasons are declared: this nightly never makes their matches.
    expect(loadCatalogSource(SOURCE, T).declared.size).toBe(2);
    const nightly = await rebuildAt(T, "nightly", 3);
    expect(nightly.history.kept).toBeGreaterThan(100);
    expect(nightly.history.resumedAt).not.toBeNull();
    expect(nightly.counts).toEqual(two.counts);
    expect(await hashesOf(nightly.version, ["updated_at"])).toEqual(await hashesOf(two.version, ["updated_at"]));
  }, REBUILDS);

  it("fails as a whole when a worker fails: the new version is deleted and the previous one still serves", async () => {
    const live = await currentVersion(env.es, env.deps.indices);
    const unreachable = { ...env.config.elasticsearch, nodes: ["http://127.0.0.1:9"], maxRetries: 0 };
    await expect(rebuildAt(T, "full", 2, unreachable)).rejects.toThrow();
    expect(await currentVersion(env.es, env.deps.indices)).toBe(live);
    expect((await listVersions(env.es, env.deps.indices, { complete: false })).every((version) => version <= live!)).toBe(true);
  }, REBUILDS);
});
