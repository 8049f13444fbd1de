import type { IndexedDocument } from "../../domain/indexed-document.js";
import { catalogLookups } from "../documents/catalog-lookups.js";
import type { CatalogOutline } from "../documents/catalog-outline.js";
import { fixtureDocuments, pausing } from "../fixtures/fixture-documents.js";
import { CheckpointTaker, type ResumeAt, type WalkCheckpoint } from "../fixtures/match-plans.js";
import type { ModelCheckpoint } from "../kept-history/model-checkpoint.js";
import { loadCatalogSource, sourceStamp, type SourceOptions } from "../sources/load-source.js";
import { seasonShares } from "./season-shares.js";

/**
 * One fixture worker's part of a rebuild's fixture walk, as data a thread can be given (structured
 * clone: maps and sets pass whole): the source to read again, the seasons whose fixtures it builds
 * (`own`), and what the rebuild's own walks and plan found (the source's outline, table positions,
 * the kept seasons, the checkpoint it resumes at and the one to take).
 */
export type FixtureShare = {
  source: SourceOptions;
  /** The source's `sourceStamp` when the rebuild read it: a worker that finds another refuses to go on. */
  stamp: string;
  /** The data set's now, ISO: the source read again at it is the same catalogue. */
  now: string;
  /** The rebuild's outline of the source: a worker does not walk the source once more for it. */
  outline: CatalogOutline;
  own: number[];
  /** Every season's table positions (`positionKey`), from the rebuild's table walk. */
  positions: Array<[string, number]>;
  /** Seasons whose fixtures a kept history holds. */
  kept: number[];
  /** The checkpoint the walk resumes at (the model and plans), or null: from the start. */
  resume: WalkCheckpoint | null;
  /** The checkpoint to take on the way: its instant and the seasons it is for. */
  take: { instant: string; kept: number[] };
};

/** A rebuild's fixture walk split into shares (`shares`), and the checkpoint their parts make (`checkpoint`). */
export type FixtureSplit = {
  shares: FixtureShare[];
  checkpoint(taken: ReadonlyArray<WalkCheckpoint | null>): ModelCheckpoint | null;
};

/**
 * The walk a rebuild would run in one thread, split by season into `workers` shares (fewer when
 * there are fewer seasons). The shares are balanced on the fixtures they build: a kept season's
 * are kept, not built, so it weighs nothing (a nightly rebuild's work is the seasons in play).
 */
export function splitFixtureWalk(
  walk: {
    options: SourceOptions;
    stamp: string;
    now: Date;
    outline: CatalogOutline;
    positions: ReadonlyMap<string, number>;
    kept: ReadonlySet<number>;
    resume: ResumeAt | undefined;
    take: CheckpointTaker;
    cut: string;
  },
  workers: number,
): FixtureSplit {
  const common = {
    source: walk.options,
    stamp: walk.stamp,
    now: walk.now.toISOString(),
    outline: walk.outline,
    positions: [...walk.positions],
    kept: [...walk.kept],
    resume: walk.resume?.checkpoint ?? null,
    take: { instant: walk.take.instant, kept: [...walk.take.kept] },
  };
  const toBuild = new Map([...walk.outline.seasons].map(([seasonId, season]) => [seasonId, walk.kept.has(seasonId) ? 0 : season.count]));
  return {
    shares: seasonShares(toBuild, workers)
      .filter((own) => own.length > 0)
      .map((own) => ({ ...common, own })),
    checkpoint: (taken) => {
      const merged = mergeTaken(taken);
      return merged && { ...merged, cut: walk.cut };
    },
  };
}

/**
 * The checkpoint the shares took together: every walk brings the whole model along, so each took
 * the same model (checked: a difference means the walks did not read the same source); each took
 * the plans of its own seasons. None when any took none (the walks resumed after the instant).
 */
export function mergeTaken(taken: ReadonlyArray<WalkCheckpoint | null>): WalkCheckpoint | null {
  const [first] = taken;
  if (!first || taken.some((part) => part === null)) return null;
  const model = JSON.stringify(first.model);
  if (taken.some((part) => JSON.stringify(part!.model) !== model)) throw new Error("The fixture workers took different models at the checkpoint: they did not walk the same source");
  const plans = taken.flatMap((part) => part!.plans).sort(([a], [b]) => a - b);
  return { instant: first.instant, model: first.model, plans };
}

/**
 * A share's fixture documents, walked in this thread: the source read again and walked from the
 * same start as the rebuild's, building the `own` seasons' fixtures only. `taken` is the
 * checkpoint's part once every document was made.
 */
export function shareDocuments(share: FixtureShare): { documents: AsyncIterable<IndexedDocument>; taken(): WalkCheckpoint | null } {
  if (sourceStamp(share.source) !== share.stamp) throw new Error("The source changed since the rebuild read it: its files are not what they were (run the rebuild again)");
  const now = new Date(share.now);
  const source = loadCatalogSource(share.source, now);
  const lookups = catalogLookups(source, share.outline);
  const kept = new Set(share.kept);
  const take = new CheckpointTaker(share.take.instant, new Set(share.take.kept));
  const resume: ResumeAt | undefined = share.resume ? { checkpoint: share.resume, kept } : undefined;
  const own = new Set(share.own);
  return {
    documents: pausing(fixtureDocuments(source, lookups, new Map(share.positions), now, { kept, resume, take, own })),
    taken: () => {
      if (!take.finished) throw new Error("A share's checkpoint is taken by its walk: read it once every document was made");
      return take.taken;
    },
  };
}
