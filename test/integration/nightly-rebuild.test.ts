import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Catalog } from "../../src/domain/catalog.js";
import { buildDataSetFromCatalog } from "../../src/ingest/data-set.js";
import { rebuild, type RebuildMode, type RebuildReport } from "../../src/ingest/rebuild.js";
import { aliasTargets, createVersion, deleteVersions, versionMeta } from "../../src/store/index-versions.js";
import { versionedIndexName } from "../../src/store/index-names.js";
import { applyFixtureUpdate, updateTarget } from "../../src/live/apply-update.js";
import { moveSettled } from "../../src/ingest/move-settled.js";
import { checkpointsIndex, saveCheckpoint } from "../../src/store/model-checkpoints.js";
import { recomputeSeasonStandings } from "../../src/standings/recompute.js";
import { MINI_SEASONS, miniCatalog, type MiniMatch } from "../support/mini-catalog.js";
import { documentHashes } from "../../scripts/lib/document-hashes.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

/**
 * The nightly rebuild (src/ingest/kept-history/): when nothing its history was built from changed,
 * a rebuild clones the live version's history of the closed seasons and loads the rest; the
 * result is the full rebuild's, document for document. Compared as sorted SHA-256 of every
 * versioned index's documents.
 */
const HOUR = 3_600_000;
const T = new Date("2026-11-25T12:00:00.000Z");
const at = (hours: number) => new Date(T.getTime() + hours * HOUR).toISOString();

/**
 * A closed past season of 12 settled fixtures (kept) and one postponed and never played (in the
 * live part however old: loaded anew), and a current season with settled, recent and upcoming
 * fixtures (loaded anew).
 */
const SETTLED_PAST: MiniMatch[] = [11, 12, 13, 14, 15, 16].flatMap((home, i) => [
  { id: 100 + 2 * i, home, away: 11 + ((i + 1) % 6), date_time: at(-24 * (400 - 7 * i)), status: "FT", result: { ft: [i % 3, (i + 1) % 2] } },
  { id: 101 + 2 * i, home: 11 + ((i + 2) % 6), away: home, date_time: at(-24 * (396 - 7 * i)), status: "FT", result: { ft: [1, i % 4] } },
]);
const PAST: MiniMatch[] = [...SETTLED_PAST, { id: 130, home: 11, away: 16, date_time: at(-24 * 380), status: "POSTPONED" }];
const CURRENT: MiniMatch[] = [
  { id: 200, home: 11, away: 13, date_time: at(-24 * 20), status: "FT", season: "current" },
  { id: 201, home: 12, away: 14, date_time: at(-24 * 10), status: "FT", season: "current" },
  { id: 202, home: 15, away: 16, date_time: at(-30), status: "FT", season: "current" },
  { id: 203, home: 13, away: 12, date_time: at(30), status: "NOT_STARTED", season: "current" },
  { id: 204, home: 16, away: 11, date_time: at(24 * 6), status: "NOT_STARTED", season: "current" },
];
const catalog = miniCatalog([...PAST, ...CURRENT]);
/** The same with one past result corrected in the source. */
const changed = miniCatalog([...PAST.map((match) => (match.id === 105 ? { ...match, result: { ft: [4, 4] as [number, number] } } : match)), ...CURRENT]);

let env: TestEnv;

beforeAll(async () => {
  env = await startTestEnv();
});
afterAll(async () => {
  await env?.close();
});

async function rebuildAt(source: Catalog, now: Date, mode: RebuildMode, log: string[] = []): Promise<RebuildReport> {
  const { dataSet } = buildDataSetFromCatalog(source, now);
  return rebuild(env.es, env.deps.indices, { ...dataSet, origin: { source: "mini" } }, (line) => log.push(line), "auto", {}, { mode });
}

/** The documents of `version`, hashed (scripts/lib/document-hashes.ts). */
function hashesOf(version: string, without: readonly string[] = []): Promise<Record<string, string[]>> {
  return documentHashes(env.es, env.deps.indices, version, without);
}

describe("a nightly rebuild", () => {
  let full: RebuildReport;

  it("records with a full rebuild where its history ends: the first kick-off of a season in play", async () => {
    full = await rebuildAt(catalog, T, "full");
    expect(full.history).toEqual({ kept: 0, why: "a full rebuild: loading everything", resumedAt: null });
    const meta = await versionMeta(env.es, env.deps.indices.fixtures);
    expect(meta.history).toMatchObject({ cut: at(-24 * 20), now: T.toISOString() });
    expect(full.counts.fixtures_history).toBe(SETTLED_PAST.length + 2);
  });

  it("at the same now keeps the closed season's history and gives the full rebuild's documents, every index", async () => {
    const log: string[] = [];
    const nightly = await rebuildAt(catalog, T, "nightly", log);
    expect(nightly.history.kept).toBe(SETTLED_PAST.length);
    expect(log.join("\n")).toMatch(/keeping the history of 1 seasons before/);
    expect(log.join("\n")).toMatch(/2 of its fixtures \(seasons in play, moves since\) dropped/);
    // The closed season's six rows are cloned with the history, not computed and loaded again.
    expect(log.join("\n")).toContain(`Standings of version ${full.version} cloned: 6 rows of the kept seasons kept`);
    // The walk starts at the current season's first kick-off, with the model the full rebuild had there.
    expect(log.join("\n")).toContain(`Resuming the model at ${at(-24 * 20)}, its checkpoint for the cut ${at(-24 * 20)}`);
    expect(nightly.counts).toEqual(full.counts);
    expect(await hashesOf(nightly.version)).toEqual(await hashesOf(full.version));
  });

  it("without its checkpoint plays history from the start, and gives the same documents", async () => {
    await env.es.indices.delete({ index: checkpointsIndex(env.deps.indices) });
    const log: string[] = [];
    const nightly = await rebuildAt(catalog, T, "nightly", log);
    expect(nightly.history.kept).toBe(SETTLED_PAST.length);
    expect(log.join("\n")).toContain("No model checkpoint for this history: the walk plays every match from the start");
    // The previous version is the nightly rebuild that equals the full one (which is deleted by now).
    expect(await hashesOf(nightly.version)).toEqual(await hashesOf(nightly.previous!));
    // It took the checkpoint again on its way.
    const recorded = (await versionMeta(env.es, env.deps.indices.fixtures)).history as { cut: string; fingerprint: string; checkpoint?: string };
    expect(recorded.checkpoint).toBe(`${at(-24 * 20)}.${recorded.fingerprint}`);
  });

  it("two days later gives what a full rebuild two days later gives (but the kept documents' updated_at)", async () => {
    const later = new Date(T.getTime() + 48 * HOUR);
    const nightly = await rebuildAt(catalog, later, "nightly");
    expect(nightly.history.kept).toBe(SETTLED_PAST.length);
    // The recent fixture has settled for more than 72 h by now: loaded into history, not kept.
    expect(nightly.counts.fixtures_history).toBe(SETTLED_PAST.length + 3);
    const reference = await rebuildAt(catalog, later, "full");
    expect(await hashesOf(nightly.version, ["updated_at"])).toEqual(await hashesOf(reference.version, ["updated_at"]));
  });

  it("plays history from the start when a kept season's standings were recomputed since, and keeps only the checkpoints of the live and previous versions", async () => {
    const later = new Date(T.getTime() + 48 * HOUR);
    // A live write or a move recomputes a season's rows; a full rebuild would compute them from the source again.
    await recomputeSeasonStandings(env.es, env.deps.indices, MINI_SEASONS.past.id, new Date(later.getTime() + HOUR));
    for (const cut of ["2020-01-01", "2021-01-01", "2022-01-01"]) {
      await saveCheckpoint(env.es, env.deps.indices, `${cut}.stale`, { cut, fingerprint: "stale", instant: cut, model: { ratings: [], baselines: [] }, plans: [] });
    }
    const log: string[] = [];
    const nightly = await rebuildAt(catalog, later, "nightly", log);
    expect(nightly.history).toMatchObject({ kept: SETTLED_PAST.length, resumedAt: null });
    expect(log.join("\n")).toMatch(/standing rows of the kept seasons were recomputed since the live version was built: the walk plays every match from the start/);
    const held = await env.es.search({ index: checkpointsIndex(env.deps.indices), size: 10, _source: false });
    const recorded = (await versionMeta(env.es, env.deps.indices.fixtures)).history as { checkpoint?: string };
    expect(held.hits.hits.map((hit) => hit._id)).toEqual([recorded.checkpoint]);
    const reference = await rebuildAt(catalog, later, "full");
    expect(await hashesOf(nightly.version)).toEqual(await hashesOf(reference.version));
  });

  it("loads everything when the source's history changed before the cut, and serves the change", async () => {
    const nightly = await rebuildAt(changed, new Date(T.getTime() + 72 * HOUR), "nightly");
    expect(nightly.history.kept).toBe(0);
    expect(nightly.history.why).toMatch(/history before .* changed: loading everything/);
    const stored = await env.storedFixture(105);
    expect(stored.scores.filter((score) => score.developer_name === "CURRENT").map((score) => score.value)).toEqual([4, 4]);
  });

  it("a correction of a history fixture while history refuses writes (a clone under way) waits and lands", async () => {
    const history = (await aliasTargets(env.es, env.deps.indices.fixtures_history))[0]!;
    const blocked = { "index.blocks.write": true } as Record<string, unknown>;
    await env.es.indices.putSettings({ index: history, settings: blocked });
    const updatedAt = new Date().toISOString();
    const write = applyFixtureUpdate(updateTarget(env.es, env.deps.indices), 104, { status: "AWARDED" }, { nowUnix: Math.floor(Date.now() / 1000), updatedAt });
    await sleep(500);
    await env.es.indices.putSettings({ index: history, settings: { "index.blocks.write": null } as Record<string, unknown> });
    expect((await write).written).toBe(true);
    expect(await env.storedFixture(104)).toMatchObject({ status: "AWARDED", updated_at: updatedAt });
  });

  it("drops what a move brought into a kept season (loaded where the source puts it) and keeps a correction made in history", async () => {
    const live = updateTarget(env.es, env.deps.indices);
    // Written before the nightly rebuild's data set was made (its now): not carried over, what the source says is loaded.
    const at = (hours: number) => ({ nowUnix: Math.floor(T.getTime() / 1000) + hours * 3600, updatedAt: new Date(T.getTime() + hours * HOUR).toISOString() });
    // The postponed past fixture reported played, then moved to history; a kept fixture reported postponed.
    await applyFixtureUpdate(live, 130, { status: "FT", minute: null, statistics: [] }, at(90));
    const moved = await moveSettled(env.es, env.deps.indices, { now: new Date(T.getTime() + 96 * HOUR) });
    expect(moved.moved).toBe(1);
    await applyFixtureUpdate(live, 106, { status: "POSTPONED" }, at(91));
    const log: string[] = [];
    const nightly = await rebuildAt(changed, new Date(T.getTime() + 96 * HOUR), "nightly", log);
    expect(nightly.history.kept).toBe(SETTLED_PAST.length);
    expect(log.join("\n")).toMatch(/[1-9][0-9]* of its fixtures \(seasons in play, moves since\) dropped/);
    expect(await env.storedFixture(130)).toMatchObject({ status: "POSTPONED" });
    const inLive = await env.es.count({ index: env.deps.indices.fixtures, query: { term: { id: 130 } } });
    expect(inLive.count).toBe(1);
    expect(await env.storedFixture(106)).toMatchObject({ status: "POSTPONED" });
    expect(nightly.counts.fixtures + nightly.counts.fixtures_history).toBe(PAST.length + CURRENT.length);
  });

  it("makes a history and standings that a killed clone left refusing writes take them again", async () => {
    const history = (await aliasTargets(env.es, env.deps.indices.fixtures_history))[0]!;
    const standings = (await aliasTargets(env.es, env.deps.indices.standings))[0]!;
    for (const index of [history, standings]) {
      await env.es.indices.putSettings({ index, settings: { "index.blocks.write": true } as Record<string, unknown> });
    }
    const log: string[] = [];
    await rebuildAt(changed, new Date(T.getTime() + 120 * HOUR), "full", log);
    expect(log.join("\n")).toMatch(/fixtures_history of version .* refused writes \(a rebuild stopped while it cloned it\): it takes them again/);
    expect(log.join("\n")).toMatch(/standings of version .* refused writes \(a rebuild stopped while it cloned it\): it takes them again/);
    for (const index of [history, standings]) {
      const settings = await env.es.indices.getSettings({ index, flat_settings: true });
      expect(settings[index]?.settings?.["index.blocks.write"]).toBeUndefined();
    }
    // A move takes the lease next as well: its recomputes write standings.
    const live = (await aliasTargets(env.es, env.deps.indices.standings))[0]!;
    await env.es.indices.putSettings({ index: live, settings: { "index.blocks.write": true } as Record<string, unknown> });
    const moveLog: string[] = [];
    await moveSettled(env.es, env.deps.indices, { now: new Date(T.getTime() + 121 * HOUR), log: (line) => moveLog.push(line) });
    expect(moveLog.join("\n")).toMatch(/standings of version .* refused writes \(a rebuild stopped while it cloned it\): it takes them again/);
    const after = await env.es.indices.getSettings({ index: live, flat_settings: true });
    expect(after[live]?.settings?.["index.blocks.write"]).toBeUndefined();
  });

  it("loads everything when the live version records no cut, or when its now is later than the data set's", async () => {
    await env.es.indices.putMapping({ index: env.deps.indices.fixtures, _meta: { version: "none" } });
    const unrecorded = await rebuildAt(catalog, new Date(T.getTime() + 144 * HOUR), "nightly");
    expect(unrecorded.history).toMatchObject({ kept: 0, why: expect.stringMatching(/records no history cut/) });
    const earlier = await rebuildAt(catalog, T, "nightly");
    expect(earlier.history).toMatchObject({ kept: 0, why: expect.stringMatching(/now is before the live version's/) });
  });

  it("hashes every standing row of an index holding more than a page of them (each season's numbered from 0)", async () => {
    const version = "hashcheck";
    await createVersion(env.es, env.deps.indices, version);
    const operations = [1, 2, 3, 4].flatMap((seasonId) =>
      Array.from({ length: 300 }, (_, order) => [
        { index: { _index: versionedIndexName(env.deps.indices.standings, version), _id: `${seasonId}:0:0:${order}` } },
        { season_id: seasonId, stage_id: 0, group_id: 0, sort_key: String(order).padStart(8, "0"), position: order + 1, team_id: order, row: {}, team_names: {} },
      ]).flat(),
    );
    await env.es.bulk({ operations, refresh: true });
    const { standings } = await hashesOf(version);
    expect(new Set(standings).size).toBe(1200);
    await deleteVersions(env.es, env.deps.indices, [version]);
  });
});
