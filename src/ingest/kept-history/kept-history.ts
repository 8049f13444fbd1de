/**
 * The nightly rebuild (docs/data.md, "Nightly rebuilds"): when the source's settled history, the
 * code that builds documents and the history index's definition are what the live version was
 * built from, a rebuild clones the live version's history index instead of generating and
 * indexing it again, and loads only the rest: the seasons still open at the last cut, the
 * reference documents and the standings. Every match is still played (the model behind the open
 * seasons' odds and metrics walks all history), but only the open seasons' documents are built
 * and indexed, which is where a rebuild's time goes. The result is the full rebuild's, document
 * for document (test/integration/nightly-rebuild.test.ts).
 */
import type { Client } from "@elastic/elasticsearch";
import type { IndexLayout } from "../../config.js";
import type { IndexedDocument } from "../../domain/indexed-document.js";
import { indexDefinition, MOVED_IN_FIELD } from "../../store/index-definitions.js";
import { creationSettings } from "../../store/index-layout.js";
import { cloneIndex } from "../../store/index-clone.js";
import { deleteMatching } from "../../store/index-versions.js";
import { countDocuments } from "../../store/searches.js";
import { codeFingerprint } from "./code-fingerprint.js";
import type { HistoryAtCut } from "./history-fingerprint.js";

/** What a data set tells a rebuild about its history (data-set.ts); data sets without it are always loaded whole. */
export type DataSetHistory = {
  /** The seasons wholly before `cut` and the fingerprint of what their documents are built from. */
  at(cut: string, salt: string): Promise<HistoryAtCut>;
  /** This data set's cut: the seasons in play as the rebuild placed their fixtures, and liveHours before now. */
  cutAfter(inPlaySeasons: Iterable<number>, notAfter: string): string;
  /** The fixture documents but those a kept history of `kept` seasons holds (`keptInHistory`); the walk still plays every match, in order. */
  fixturesBesides(kept: ReadonlySet<number>): Iterable<IndexedDocument>;
};

/** What a version records of its history, in its live part's mapping `_meta`: where the next nightly rebuild may cut. */
export type RecordedHistory = { cut: string; fingerprint: string; now: string };

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
  const { cut, fingerprint, now } = history;
  return typeof cut === "string" && typeof fingerprint === "string" && typeof now === "string" ? { cut, fingerprint, now } : null;
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
