/**
 * The nightly rebuild (docs/data.md, "Nightly rebuilds"): when the source's settled history, the
 * code that builds documents and the history index's definition are what the live version was
 * built from, a rebuild clones the live version's history index instead of generating and
 * indexing it again, and loads only the rest: the seasons still open at the last cut and the
 * reference documents. The model behind the open seasons' odds and metrics resumes at the
 * checkpoint the live version recorded (model-checkpoint.ts), so the matches of the kept seasons
 * before it are not played again either, and their standing rows are cloned too
 * (store/kept-standings.ts). The result is the full rebuild's,
 * document for document (test/integration/nightly-rebuild.test.ts).
 */
import type { Client } from "@elastic/elasticsearch";
import type { IndexLayout } from "../../config.js";
import type { IndexedDocument } from "../../domain/indexed-document.js";
import { indexDefinition, MOVED_IN_FIELD } from "../../store/index-definitions.js";
import { creationSettings } from "../../store/index-layout.js";
import { cloneIndex } from "../../store/index-clone.js";
import { deleteMatching } from "../../store/index-versions.js";
import { countDocuments } from "../../store/searches.js";
import type { FixtureSplit } from "../fixture-workers/fixture-share.js";
import { codeFingerprint } from "./code-fingerprint.js";
import { keepStandings, type KeptStandings } from "../../store/kept-standings.js";
import { loadCheckpoint } from "../../store/model-checkpoints.js";
import { versionedIndexName, type IndexNames } from "../../store/index-names.js";
import type { HistoryAtCut } from "./history-fingerprint.js";
import type { ModelCheckpoint, RecordedCheckpoint } from "./model-checkpoint.js";

/** What a data set tells a rebuild about its history (data-set.ts); data sets without it are always loaded whole. */
export type DataSetHistory = {
  /** The seasons wholly before `cut` and the fingerprint of what their documents are built from. */
  at(cut: string, salt: string): Promise<HistoryAtCut>;
  /** This data set's cut: the seasons in play as the rebuild placed their fixtures, and liveHours before now. */
  cutAfter(inPlaySeasons: Iterable<number>, notAfter: string): string;
  /**
   * The standings and fixtures a rebuild loads (the fixtures but those a kept history of
   * `start.kept` seasons holds, `keptInHistory`), from the table walk it runs now: from the start,
   * or resumed at a checkpoint. On its way it takes the checkpoint for the cut it foresees.
   */
  walk(start: WalkStart): Promise<WalkedParts>;
};

export type WalkStart = {
  /** The seasons whose fixtures a kept history holds (none for a full rebuild). */
  kept: ReadonlySet<number>;
  /**
   * Where the walk resumes, and the kept seasons' standings, already in the new version (their
   * rows are not computed again, their positions are read for the fixtures still built); null:
   * from the start.
   */
  resume: { checkpoint: ModelCheckpoint; keptStandings: KeptStandings } | null;
  /** liveHours before now: where the next cut is foreseen. */
  liveFrom: string;
};

type DataSetPart = { count: number; documents: () => Iterable<IndexedDocument> | AsyncIterable<IndexedDocument> };

export type WalkedParts = {
  /** Counts every row, a kept season's too (`kept`: cloned, not made again). */
  standings: DataSetPart & { kept: number };
  /** Counts every fixture of the source, a kept history's too. */
  fixtures: DataSetPart;
  /**
   * The checkpoint for the cut the walk foresaw, taken while the fixtures' documents are made:
   * read it once they all were; null when the walk could not take one.
   */
  checkpoint: () => ModelCheckpoint | null;
  /**
   * The fixture walk split by season between fixture workers, each of which walks its share again
   * in a thread of its own (fixture-workers/); absent when the data set cannot be read again (a
   * catalog held in memory). Then `checkpoint` is the split's.
   */
  split?: (workers: number) => FixtureSplit;
};

/**
 * What a version records of its history, in its live part's mapping `_meta`: where the next
 * nightly rebuild may cut, and the id of the model checkpoint it resumes at (when one was taken).
 */
export type RecordedHistory = { cut: string; fingerprint: string; now: string; checkpoint?: string };

export type KeptHistoryPlan = { keep: HistoryAtCut | null; why: string };

/**
 * Everything besides the source that decides what a history document is: the code, the history
 * index's definition and shards, and how long a settled fixture stays in the live part.
 */
export function historySalt(layout: IndexLayout): string {
  return JSON.stringify({
    code: codeFingerprint(),
    // Time zones and text folding come from the runtime's ICU.
    runtime: { node: process.version, icu: process.versions.icu, tz: process.versions.tz },
    definition: indexDefinition("fixtures_history"),
    settings: creationSettings(layout, "fixtures_history"),
    liveHours: layout.liveHours,
  });
}

/** Whether the live version's history can be kept, and why (or why not), said in the rebuild's log. */
export async function planKeptHistory(
  history: DataSetHistory | undefined,
  recorded: RecordedHistory | null,
  { now, salt }: { now: Date; salt: string },
): Promise<KeptHistoryPlan> {
  if (!history) return { keep: null, why: "this data set cannot say what its history holds: loading everything" };
  if (!recorded) return { keep: null, why: "the live version records no history cut (none yet, or built before nightly rebuilds): loading everything" };
  if (now.toISOString() < recorded.now) return { keep: null, why: `this data set's now is before the live version's (${recorded.now}): loading everything` };
  const at = await history.at(recorded.cut, salt);
  if (at.fingerprint !== recorded.fingerprint) {
    return { keep: null, why: `the source's history before ${recorded.cut}, the code or the history index's definition changed: loading everything` };
  }
  if (at.seasons.length === 0) return { keep: null, why: `no season ends before the cut (${recorded.cut}): loading everything` };
  return {
    keep: at,
    why: `keeping the history of ${at.seasons.length.toLocaleString("en")} seasons before ${recorded.cut} (${at.fixtureCount.toLocaleString("en")} fixtures)`,
  };
}

/** The recorded history of a version's `_meta`, or null when it has none (or not in this shape). */
export function recordedHistory(meta: Record<string, unknown>): RecordedHistory | null {
  const history = meta.history as Partial<RecordedHistory> | undefined;
  if (!history || typeof history !== "object") return null;
  const { cut, fingerprint, now, checkpoint } = history;
  if (typeof cut !== "string" || typeof fingerprint !== "string" || typeof now !== "string") return null;
  return typeof checkpoint === "string" ? { cut, fingerprint, now, checkpoint } : { cut, fingerprint, now };
}

/**
 * Where a nightly rebuild that keeps `keep` resumes its walk: the checkpoint the live version
 * recorded, when it is there and was taken for this very history (cut and fingerprint), with the
 * kept seasons' standing rows of the live version cloned into the new `version`, when none was
 * recomputed since; null (said in the log) when the walk has to play history from the start.
 */
export async function resumeAtCheckpoint(
  es: Client,
  names: IndexNames,
  {
    previous,
    recorded,
    keep,
    version,
    meta,
    layout,
  }: { previous: string | null; recorded: RecordedHistory | null; keep: HistoryAtCut; version: string; meta: Record<string, unknown>; layout: IndexLayout },
  log: (line: string) => void,
): Promise<WalkStart["resume"]> {
  const fromStart = (why: string) => {
    log(`${why}: the walk plays every match from the start`);
    return null;
  };
  const checkpoint = previous && recorded?.checkpoint ? ((await loadCheckpoint(es, names, recorded.checkpoint)) as RecordedCheckpoint | null) : null;
  if (!previous || !recorded || !checkpoint || checkpoint.cut !== keep.cut || checkpoint.fingerprint !== keep.fingerprint) {
    return fromStart("No model checkpoint for this history");
  }
  const keptStandings = await keepStandings(es, {
    from: versionedIndexName(names.standings, previous),
    to: versionedIndexName(names.standings, version),
    meta,
    layout,
    seasons: keep.seasons,
  });
  if ("why" in keptStandings) return fromStart(keptStandings.why);
  log(`Standings of version ${previous} cloned: ${keptStandings.rows.toLocaleString("en")} rows of the kept seasons kept`);
  log(`Resuming the model at ${checkpoint.instant}, its checkpoint for the cut ${checkpoint.cut}`);
  return { checkpoint, keptStandings };
}

export class KeptHistoryMismatchError extends Error {}

/**
 * The new version's history index as a clone of the previous one's, holding the kept seasons'
 * fixtures the rebuild put there: the others (of seasons in play at the last cut, and any a move
 * brought in since, `moved_in`) go, and are loaded anew where the source puts them. Fails when the
 * clone does not hold exactly as many fixtures as the source says were settled.
 */
export async function keepHistory(
  es: Client,
  { from, to, meta }: { from: string; to: string; meta: Record<string, unknown> },
  keep: HistoryAtCut,
): Promise<{ dropped: number }> {
  await cloneIndex(es, from, to, meta);
  const asPlaced = { bool: { filter: [{ terms: { "season.id": keep.seasons } }], must_not: [{ exists: { field: MOVED_IN_FIELD } }] } };
  const dropped = await deleteMatching(es, to, { bool: { must_not: [asPlaced] } });
  const held = await countDocuments(es, to);
  if (held !== keep.fixtureCount) {
    throw new KeptHistoryMismatchError(`the previous history holds ${held} fixtures of the kept seasons, the source ${keep.fixtureCount}`);
  }
  return { dropped };
}
