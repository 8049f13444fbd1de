import type { Client } from "@elastic/elasticsearch";
import { applyPersistentReplicas, ensurePersistentIndices } from "../store/ensure-index.js";
import { VERSIONED_INDICES, versionedIndexName, type IndexNames, type VersionedIndex } from "../store/index-names.js";
import {
  createLoadingIndex,
  createVersion,
  currentVersion,
  type DataOrigin,
  deleteIndex,
  deleteVersions,
  dropUnfinishedMoves,
  finishVersion,
  listVersions,
  newVersion,
  putVersionMeta,
  swapAliases,
  versionMeta,
} from "../store/index-versions.js";
import type { Config, IndexLayout, IndexReplicas } from "../config.js";
import { layoutOf } from "../store/index-layout.js";
import { Lease, type LeaseOptions } from "../store/lease.js";
import { recomputeSeasonStandings } from "../standings/recompute.js";
import type { IndexedDocument } from "../domain/indexed-document.js";
import { bulkLoad } from "../store/bulk-load.js";
import { countDocuments } from "../store/searches.js";
import { releaseCloneBlocks } from "../store/index-clone.js";
import { pruneCheckpoints, saveCheckpoint } from "../store/model-checkpoints.js";
import { checkpointId, type ModelCheckpoint, type RecordedCheckpoint } from "./kept-history/model-checkpoint.js";
import { carryOverWrites, generatedAt, type CarryOverReport } from "./carry-over.js";
import { ProgressReporter } from "./progress.js";
import { fixturePlacer, type FixturePlacement } from "./fixture-placement.js";
import { loadFixturesInWorkers } from "./fixture-workers/load-in-workers.js";
import type { FixtureSplit } from "./fixture-workers/fixture-share.js";
import type { HistoryAtCut } from "./kept-history/history-fingerprint.js";
import {
  historySalt,
  keepHistory,
  KeptHistoryMismatchError,
  planKeptHistory,
  recordedHistory,
  resumeAtCheckpoint,
  type DataSetHistory,
  type RecordedHistory,
} from "./kept-history/kept-history.js";

/**
 * Everything one rebuild loads: per versioned index, its documents and how many there must be;
 * and where they came from (`origin`), recorded with the version so that a later automatic
 * rebuild (`npm start` after a mapping change) reads the same source.
 */
export type DataSet = Record<DataSetIndex, DataSetPart> & {
  origin?: DataOrigin;
  /** What a nightly rebuild needs to keep history (kept-history/): data sets without it are always loaded whole. */
  history?: DataSetHistory;
  /** The instant the documents were built for: it decides which fixtures are history (default: when the rebuild starts). */
  now?: Date;
};

/**
 * An index's documents: `count` in all, of which `kept` (a nightly rebuild's: cloned from the
 * live version, kept-history/) are already in the new version and not made by `documents`.
 */
export type DataSetPart = { count: number; kept?: number; documents: () => Iterable<IndexedDocument> | AsyncIterable<IndexedDocument> };

/**
 * What a rebuild loads: each index's documents (for a data set with history, the standings and
 * fixtures of its walk), the checkpoint the walk took (once the fixtures are loaded), and the
 * fixture walk split between workers when the data set can be read again.
 */
type LoadParts = Record<DataSetIndex, DataSetPart> & {
  checkpoint: () => ModelCheckpoint | null;
  resumedAt: string | null;
  split?: ((workers: number) => FixtureSplit) | undefined;
};

/** A data set's indices: its fixtures are one stream, which the rebuild splits into the live part and history. */
export type DataSetIndex = Exclude<VersionedIndex, "fixtures_history">;
export const DATA_SET_INDICES = VERSIONED_INDICES.filter((logical): logical is DataSetIndex => logical !== "fixtures_history");

export type RebuildReport = {
  version: string;
  previous: string | null;
  counts: Record<VersionedIndex, number>;
  /** Whole rebuild: load, checks and swap. */
  seconds: number;
  /** Generating the documents and loading them (at once: generation overlaps the node's indexing), up to the refresh. */
  loadSeconds: number;
  /** Documents generated and loaded per second of the load phase. */
  docsPerSecond: number;
  /** Fixtures written live during the rebuild and copied into the new version (carry-over.ts). */
  carriedOver: number;
  /**
   * Fixtures whose history was kept from the previous version (a nightly rebuild), and why or why
   * not; where the walk resumed the model (null: it played every match from the start).
   */
  history: { kept: number; why: string; resumedAt: string | null };
};

/** `full` loads every document; `nightly` keeps the previous version's history when nothing it was built from changed (kept-history/). */
export type RebuildMode = "full" | "nightly";

/**
 * How a rebuild runs: its mode (full by default), and how many fixture workers build and load the
 * fixtures (fixture-workers/: threads, each with its own client to `elasticsearch`; 1, the
 * default, walks them in the rebuild's own thread). Workers need a data set read from a source:
 * one held in memory is walked in one thread whatever is asked.
 */
export type RebuildOptions = { mode?: RebuildMode; workers?: { count: number; elasticsearch: Config["elasticsearch"] } };

export class CountMismatchError extends Error {}

type Log = (line: string) => void;
type Versions = { previous: string | null; version: string };
/** A version's start: the versions, what the live version recorded of its history, and the history the plan keeps (null: everything is loaded). */
type Start = Versions & { recorded: RecordedHistory | null; keep: HistoryAtCut | null; why: string; meta: Record<string, unknown> };

/**
 * Builds every versioned index under a new version, checks every count, then swaps
 * all aliases in one atomic call. Until the swap, readers keep the complete previous
 * version; on any failure the new version is deleted and the aliases stay untouched.
 * Fixtures written live meanwhile are carried over into the new version before and
 * after the swap (carry-over.ts), so no live write is lost.
 * The previous version is kept for `npm run rollback`; older ones are deleted.
 *
 * One rebuild (or rollback) at a time per prefix: a second one waits for the `rebuild` lease
 * (`store/lease.ts`), and a rebuild whose lease was taken over stops before it swaps or deletes.
 */
export async function rebuild(
  es: Client,
  names: IndexNames,
  data: DataSet,
  log: Log = () => {},
  layout: IndexLayout | IndexReplicas = "auto",
  leaseOptions: LeaseOptions = {},
  { mode = "full", workers }: RebuildOptions = {},
): Promise<RebuildReport> {
  return Lease.hold(es, names, "rebuild", { log, ...leaseOptions }, (lease) =>
    rebuildHoldingLease(es, names, data, { log, layout: layoutOf(layout), lease, mode, workers }),
  );
}

async function rebuildHoldingLease(
  es: Client,
  names: IndexNames,
  data: DataSet,
  { log, layout, lease, mode, workers }: { log: Log; layout: IndexLayout; lease: Lease; mode: RebuildMode; workers: RebuildOptions["workers"] },
): Promise<RebuildReport> {
  const started = Date.now();
  const rebuildStarted = new Date(started);
  const now = data.now ?? rebuildStarted;
  // Live writes are carried over from the moment the data set was generated (its documents'
  // updated_at), which is before this call: reading the source takes a while. Never from later
  // than now, whatever `now` the data set was built for (a test's, a check's day ahead).
  const generated = new Date(Math.min(now.getTime(), started));
  const salt = historySalt(layout);
  const versions = await startVersion(es, names, { layout, data, mode, now, salt }, log);
  let swapped = false;
  try {
    const loadStarted = Date.now();
    const { keep, why } = await keptHistory(es, names, versions, layout, log);
    const parts = await loadParts(es, names, data, { start: versions, keep, liveFrom: liveHoursBefore(now, layout), layout }, log);
    const loaded = await loadVersion(es, names, versions.version, { parts, layout, now, withHistory: data.history !== undefined, workers }, log);
    const checkpoint = await recordHistory(es, names, versions, data.history, {
      inPlaySeasons: loaded.inPlaySeasons,
      layout,
      now,
      salt,
      checkpoint: loaded.checkpoint(),
      resumed: parts.resumedAt !== null,
    });
    const loadSeconds = (Date.now() - loadStarted) / 1000;
    const counts = await checkCounts(es, names, versions.version, parts);
    await lease.assertHeld();
    const carriedOver = await swapInWithCarryOver(es, names, versions, { generated, historyKept: keep !== null }, log, () => (swapped = true));
    // Swapped in: a lease lost now only stops the clean-up, the rebuild itself succeeded.
    if (await lease.stillHeld()) {
      await deleteOlderVersions(es, names, versions);
      // Swapped in: a checkpoint left over costs disk, never the rebuild.
      await pruneCheckpoints(es, names, [checkpoint, versions.recorded?.checkpoint]).catch((error: unknown) =>
        log(`Model checkpoints not pruned: ${(error as Error).message}`),
      );
    } else log("The rebuild lease was taken over after the swap: older versions are left for the next rebuild to delete");
    return {
      version: versions.version,
      previous: versions.previous,
      counts,
      seconds: (Date.now() - started) / 1000,
      loadSeconds,
      docsPerSecond: Math.round(loadedCount(parts) / loadSeconds),
      carriedOver,
      history: { kept: keep?.fixtureCount ?? 0, why, resumedAt: parts.resumedAt },
    };
  } catch (error) {
    // Once swapped in, the new version is the live data: a later failure never deletes it. A swap
    // the node applied but whose answer was lost counts as swapped: the aliases are read again.
    if (!swapped && (await currentVersion(es, names).catch(() => versions.version)) !== versions.version) {
      log(`Rebuild failed; deleting version ${versions.version}; the live aliases are untouched`);
      await deleteVersions(es, names, [versions.version]).catch(() => {});
    }
    throw error;
  }
}

/**
 * The persistent indices made sure of, whether the previous version's history can be kept, and the
 * new version's empty indices created beside the current one (history only when it is not kept).
 */
async function startVersion(
  es: Client,
  names: IndexNames,
  { layout, data, mode, now, salt }: { layout: IndexLayout; data: DataSet; mode: RebuildMode; now: Date; salt: string },
  log: Log,
): Promise<Start> {
  await ensurePersistentIndices(es, names, layout.replicas);
  await applyPersistentReplicas(es, names, layout.replicas);
  // A move that failed before its swap must not leave a live part a rollback would pick up.
  await dropUnfinishedMoves(es, names);
  const previous = await currentVersion(es, names);
  for (const logical of previous ? await releaseCloneBlocks(es, names, previous) : []) {
    log(`${logical} of version ${previous} refused writes (a rebuild stopped while it cloned it): it takes them again`);
  }
  const version = newVersion();
  const recorded = previous ? recordedHistory(await versionMeta(es, names.fixtures)) : null;
  const plan = mode === "full" ? { keep: null, why: "a full rebuild: loading everything" } : await planKeptHistory(data.history, recorded, { now, salt });
  log(`Loading version ${version}: ${plan.why}`);
  const meta = data.origin ? { version, origin: data.origin } : { version };
  await createVersion(es, names, version, data.origin, layout, plan.keep ? ["fixtures_history"] : []);
  return { previous, version, recorded, ...plan, meta };
}

/**
 * The new version's history, as the plan says: a clone of the previous one holding the kept
 * seasons (then returned), or an empty index to load. A previous history that does not hold what
 * the source says it should (a fixture deleted by hand) is not kept: everything is loaded.
 */
async function keptHistory(
  es: Client,
  names: IndexNames,
  start: Start,
  layout: IndexLayout,
  log: Log,
): Promise<{ keep: HistoryAtCut | null; why: string }> {
  if (!start.keep || !start.previous) return { keep: null, why: start.why };
  const to = versionedIndexName(names.fixtures_history, start.version);
  try {
    const { dropped } = await keepHistory(es, { from: versionedIndexName(names.fixtures_history, start.previous), to, meta: start.meta }, start.keep);
    log(`History of version ${start.previous} cloned; ${dropped.toLocaleString("en")} of its fixtures (seasons in play, moves since) dropped, to be loaded anew`);
    return { keep: start.keep, why: start.why };
  } catch (error) {
    if (!(error instanceof KeptHistoryMismatchError)) throw error;
    const why = `history not kept (${error.message}): loading everything`;
    log(`History of version ${start.previous}: ${why}`);
    await deleteIndex(es, to);
    await createLoadingIndex(es, to, "fixtures_history", layout, start.meta);
    return { keep: null, why };
  }
}

/**
 * The documents to load. A data set with history walks its tables now: from the start, or, when
 * its history is kept and the live version recorded a checkpoint of that history, resumed there.
 */
async function loadParts(
  es: Client,
  names: IndexNames,
  data: DataSet,
  { start, keep, liveFrom, layout }: { start: Start; keep: HistoryAtCut | null; liveFrom: string; layout: IndexLayout },
  log: Log,
): Promise<LoadParts> {
  if (!data.history) return { ...data, checkpoint: () => null, resumedAt: null };
  const resume = keep
    ? await resumeAtCheckpoint(es, names, { previous: start.previous, recorded: start.recorded, keep, version: start.version, meta: start.meta, layout }, log)
    : null;
  const walked = await data.history.walk({ kept: new Set(keep?.seasons ?? []), resume, liveFrom });
  return {
    ...data,
    standings: walked.standings,
    fixtures: { ...walked.fixtures, kept: keep?.fixtureCount ?? 0 },
    checkpoint: walked.checkpoint,
    split: walked.split,
    resumedAt: resume?.checkpoint.instant ?? null,
  };
}

/** Documents a rebuild generates and loads: all of the data set's but those kept (a nightly rebuild's history and standings). */
function loadedCount(parts: Record<DataSetIndex, DataSetPart>): number {
  return DATA_SET_INDICES.reduce((sum, logical) => sum + parts[logical].count - (parts[logical].kept ?? 0), 0);
}

/**
 * Generates each index's documents and loads them into the new version as they come (the bulk
 * helper sends a batch while the next is generated), then readies the indices for reading.
 * Each fixture goes to the live part or history as `fixturePlacer` says; the fixtures of a kept
 * history's seasons are already there and not generated. With workers (and a data set that can
 * be read again) the fixtures are walked and loaded in that many threads, a share of the seasons
 * each, while this one waits and keeps the lease.
 * Nothing is spooled, so neither memory nor disk grows with the catalogue; a fault in the
 * source half-way fails the rebuild, which deletes the new version (the aliases never moved).
 * Returns the seasons in play (where the next nightly rebuild may cut) and the checkpoint the
 * fixture walk took.
 */
async function loadVersion(
  es: Client,
  names: IndexNames,
  version: string,
  load: { parts: LoadParts; layout: IndexLayout; now: Date; withHistory: boolean; workers: RebuildOptions["workers"] },
  log: Log,
): Promise<{ inPlaySeasons: Set<number>; checkpoint: () => ModelCheckpoint | null }> {
  const { parts } = load;
  const total = loadedCount(parts);
  log(`Generating and loading ${total.toLocaleString("en")} documents`);
  const progress = new ProgressReporter(total, log);
  const placement: FixturePlacement = {
    families: { fixtures: versionedIndexName(names.fixtures, version), fixtures_history: versionedIndexName(names.fixtures_history, version) },
    now: load.now.toISOString(),
    liveHours: load.layout.liveHours,
    liveFrom: liveHoursBefore(load.now, load.layout),
    recordsInPlay: load.withHistory,
  };
  const inPlaySeasons = new Set<number>();
  let checkpoint = parts.checkpoint;
  for (const logical of DATA_SET_INDICES) {
    const index = versionedIndexName(names[logical], version);
    const before = progress.done;
    const fixtures = logical === "fixtures";
    const promised = parts[logical].count - (parts[logical].kept ?? 0);
    const onProgress = (sent: number) => progress.update(before + sent, logical);
    let sent: number;
    const workers = fixtures && load.workers && load.workers.count > 1 ? load.workers : null;
    if (workers && !parts.split) log("Fixtures: in one thread (a data set held in memory cannot be read again by workers)");
    if (workers && parts.split) {
      const split = parts.split(workers.count);
      log(`Fixtures: ${split.shares.length} workers, a share of the seasons each`);
      const loaded = await loadFixturesInWorkers(split, { elasticsearch: workers.elasticsearch, placement, onProgress });
      sent = loaded.sent;
      for (const seasonId of loaded.inPlaySeasons) inPlaySeasons.add(seasonId);
      checkpoint = () => loaded.checkpoint;
    } else {
      sent = await bulkLoad(es, index, parts[logical].documents(), {
        total: promised,
        onProgress: (event) => onProgress(event.sent),
        ...(fixtures && { place: fixturePlacer(placement, inPlaySeasons) }),
      });
    }
    if (sent !== promised) throw new CountMismatchError(`${logical}: the source promised ${promised} documents and made ${sent}`);
  }
  progress.finish();
  await finishVersion(es, names, version, load.layout);
  return { inPlaySeasons, checkpoint };
}

/** Where the live part begins at `now`: liveHours before it (the next cut is foreseen there). */
export function liveHoursBefore(now: Date, layout: IndexLayout): string {
  return new Date(now.getTime() - layout.liveHours * 3_600_000).toISOString();
}

/**
 * Records with the new version where its history ends (the earliest kick-off of a season in play,
 * liveHours before now at the latest) and the fingerprint of what lies before: the next nightly
 * rebuild keeps that history when both still hold. In the live part's mapping `_meta`, which a
 * move of settled fixtures copies. With them the model checkpoint the walk took for that cut,
 * saved beside the versions; returns its id.
 */
async function recordHistory(
  es: Client,
  names: IndexNames,
  start: Start,
  history: DataSetHistory | undefined,
  {
    inPlaySeasons,
    layout,
    now,
    salt,
    checkpoint,
    resumed,
  }: { inPlaySeasons: ReadonlySet<number>; layout: IndexLayout; now: Date; salt: string; checkpoint: ModelCheckpoint | null; resumed: boolean },
): Promise<string | undefined> {
  if (!history) return undefined;
  const cut = history.cutAfter(inPlaySeasons, liveHoursBefore(now, layout));
  // A nightly rebuild whose cut has not moved already walked to it when it planned.
  const at = start.keep?.cut === cut ? start.keep : await history.at(cut, salt);
  // The walk foresaw the cut from the source's kick-offs; one it did not foresee gets no checkpoint.
  let saved: string | null = null;
  if (checkpoint?.cut === at.cut) {
    const recordedCheckpoint: RecordedCheckpoint = { ...checkpoint, fingerprint: at.fingerprint };
    saved = checkpointId(recordedCheckpoint);
    // A nightly rebuild that resumed at a checkpoint of this same cut and fingerprint: that document is this one.
    if (!(resumed && saved === start.recorded?.checkpoint)) await saveCheckpoint(es, names, saved, recordedCheckpoint);
  }
  const recorded: RecordedHistory = { cut: at.cut, fingerprint: at.fingerprint, now: now.toISOString(), ...(saved && { checkpoint: saved }) };
  await putVersionMeta(es, versionedIndexName(names.fixtures, start.version), { ...start.meta, history: recorded });
  return recorded.checkpoint;
}

/** Every index of the new version holds exactly the documents the data set promised (the fixtures across both families). */
async function checkCounts(es: Client, names: IndexNames, version: string, parts: Record<DataSetIndex, DataSetPart>): Promise<Record<VersionedIndex, number>> {
  const counts = {} as Record<VersionedIndex, number>;
  for (const logical of VERSIONED_INDICES) counts[logical] = await countDocuments(es, versionedIndexName(names[logical], version));
  for (const logical of DATA_SET_INDICES) {
    const count = logical === "fixtures" ? counts.fixtures + counts.fixtures_history : counts[logical];
    if (count !== parts[logical].count) {
      throw new CountMismatchError(`${logical}: expected ${parts[logical].count} documents, found ${count}`);
    }
  }
  return counts;
}

/**
 * Carries live writes over into the new version (those since its data set was `generated`), swaps
 * the aliases to it, and carries over once more what reached the old version meanwhile. Returns
 * how many fixtures were carried.
 */
async function swapInWithCarryOver(
  es: Client,
  names: IndexNames,
  { previous, version }: Versions,
  { generated, historyKept }: { generated: Date; historyKept: boolean },
  log: Log,
  onSwapped: () => void,
): Promise<number> {
  // A kept history's documents are as old as their last write: only the loaded ones say when the data set was made.
  const since = previous ? await generatedAt(es, names, version, generated, { liveOnly: historyKept }) : generated.toISOString();
  const carried = previous ? await carryOverWrites(es, names, previous, version, since) : null;
  await swapAliases(es, names, version);
  onSwapped();
  // A write that reached the old version between the first pass and the swap. The new
  // version is live now: a failure here is reported, never a reason to delete it.
  const late = previous ? await lateCarryOver(es, names, { previous, version, since }, carried?.finishedSeasons ?? [], log) : null;
  const carriedOver = new Set([...(carried?.carried ?? []), ...(late?.carried ?? [])]);
  if (carriedOver.size > 0) log(`Carried over ${carriedOver.size} fixture(s) written live during the rebuild`);
  return carriedOver.size;
}

/**
 * Deletes the versions older than the new one, but the previous one (kept for a rollback) and
 * whatever the aliases point at now (read again here, not assumed). A newer version is never
 * deleted: it can only be another rebuild's, still loading.
 */
async function deleteOlderVersions(es: Client, names: IndexNames, { previous, version }: Versions): Promise<void> {
  const live = await currentVersion(es, names);
  // Incomplete ones too: a version of an older layout (before history was its own index) is never
  // complete again, and would otherwise stay on disk for good.
  const stale = (await listVersions(es, names, { complete: false })).filter((v) => v < version && v !== previous && v !== live);
  await deleteVersions(es, names, stale);
}

/** The carry-over after the swap, with the standings of seasons whose carried fixtures finished. */
async function lateCarryOver(
  es: Client,
  names: IndexNames,
  versions: { previous: string; version: string; since: string },
  finishedBefore: readonly number[],
  log: Log,
): Promise<CarryOverReport | null> {
  try {
    const late = await carryOverWrites(es, names, versions.previous, versions.version, versions.since);
    const seasons = new Set([...finishedBefore, ...late.finishedSeasons]);
    for (const seasonId of seasons) await recomputeSeasonStandings(es, names, seasonId);
    return late;
  } catch (error) {
    log(`Carry-over after the swap failed: ${(error as Error).message}`);
    return null;
  }
}

/** Points the aliases back at the previous complete version (and keeps the current one); waits for a running rebuild. */
export async function rollback(es: Client, names: IndexNames, leaseOptions: LeaseOptions = {}): Promise<{ from: string; to: string }> {
  return Lease.hold(es, names, "rebuild", leaseOptions, (lease) => rollbackHoldingLease(es, names, lease));
}

async function rollbackHoldingLease(es: Client, names: IndexNames, lease: Lease): Promise<{ from: string; to: string }> {
  const current = await currentVersion(es, names);
  if (!current) throw new Error("No current version to roll back from");
  const older = (await listVersions(es, names)).filter((version) => version < current);
  const target = older.at(-1);
  if (!target) throw new Error(`No version older than ${current} to roll back to`);
  await lease.assertHeld();
  await swapAliases(es, names, target);
  return { from: current, to: target };
}
