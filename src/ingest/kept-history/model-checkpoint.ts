import type { SeasonOutline } from "../documents/season-outline.js";
import type { WalkCheckpoint } from "../fixtures/match-plans.js";

/**
 * Where a nightly rebuild starts its walk (docs/data.md, "Nightly rebuilds"). The documents of
 * the seasons still open at the cut are priced by a model that has seen every earlier match;
 * without a checkpoint a nightly rebuild plays all of history again, twice, to get there. A
 * checkpoint is the model as the walk had it at `instant`: the earliest kick-off of a season that
 * does not end before the cut. Every match before that instant is a kept season's, so a walk
 * resumed there skips them and builds the same documents as a walk from the start. Its content
 * follows from the matches before the cut and the code, which the cut's fingerprint covers: a
 * checkpoint is used only with the history fingerprint it was recorded with.
 */
export type ModelCheckpoint = WalkCheckpoint & {
  /**
   * The cut it was taken for. Its `plans` are those of the kept seasons' fixtures a kept history
   * does not hold (not settled: postponed long ago and never played): they are loaded anew by every
   * rebuild, but a resumed walk no longer has what planned them (the model at their kick-off, their
   * season's averages).
   */
  cut: string;
};

/** A checkpoint as recorded with a version: with the fingerprint of the history it was taken for. */
export type RecordedCheckpoint = ModelCheckpoint & { fingerprint: string };

/** A checkpoint follows from its cut and history fingerprint: it is stored under them, and writing it again changes nothing. */
export function checkpointId(checkpoint: Pick<RecordedCheckpoint, "cut" | "fingerprint">): string {
  return `${checkpoint.cut}.${checkpoint.fingerprint}`;
}

/** The seasons wholly before `cut`, ascending: a nightly rebuild keeps their settled fixtures. */
export function seasonsBefore(cut: string, outlines: ReadonlyMap<number, SeasonOutline>): number[] {
  const seasons = [...outlines].filter(([, outline]) => outline.count > 0 && outline.last !== null && outline.last < cut).map(([id]) => id);
  return seasons.sort((a, b) => a - b);
}

/** Where a checkpoint for `cut` is taken: the first kick-off of a season that does not end before it, and `cut` at the latest. */
export function checkpointInstant(cut: string, outlines: ReadonlyMap<number, SeasonOutline>): string {
  let instant = cut;
  for (const outline of outlines.values()) {
    if (outline.first !== null && outline.last !== null && outline.last >= cut && outline.first < instant) instant = outline.first;
  }
  return instant;
}
