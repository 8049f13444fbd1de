/**
 * The update path a live feed uses: one fixture document read with its version, the change
 * merged (fixture-change.ts), the indexed-only fields recomputed (fixture-derived.ts), and the
 * whole document written back only if nobody wrote it in between (`if_seq_no` /
 * `if_primary_term`). On a conflict the document is read again and the change merged again,
 * a bounded number of times (docs/design.md, "Conditional writes": no retry_on_conflict with
 * if_seq_no; no scripts on this node). A reader therefore always sees one complete state of a
 * fixture: scores, statistics, trends and odds of the same tick.
 *
 * A feed that names its updates (`mark`, the simulator's change key) has the name written with
 * the state, in the same conditional write, and an update whose name the stored state already
 * carries (or a later one) is not written again: so one update is applied at most once, even by
 * two writers at once (docs/operations.md, "One writer").
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { Client } from "@elastic/elasticsearch";
import { clientErrorKind, isWriteBlocked } from "../store/errors.js";
import type { IndexNames } from "../store/index-names.js";
import { readOneFixtureVersioned } from "../store/fixture-reads.js";
import { indexOneIfUnchanged, readOneVersioned } from "../store/versioned-documents.js";
import { derivedFixtureFields } from "../standings/fixture-derived.js";
import { mergeFixtureChange, type ChangeEffects, type ChangeMoment, type FixtureChange, type StoredFixture } from "./fixture-change.js";
import { alreadyApplied, type FeedMark } from "./feed-mark.js";
import { TeamNameCache } from "./team-names.js";

export type UpdateTarget = { es: Client; indices: Pick<IndexNames, "fixtures" | "fixtures_history" | "fixtures_all">; teamNames: TeamNameCache };

/** Where a feed's updates go: the fixtures behind `indices`, with a team-name cache of their own. */
export function updateTarget(es: Client, indices: Pick<IndexNames, "fixtures" | "fixtures_history" | "fixtures_all" | "teams">): UpdateTarget {
  return { es, indices, teamNames: new TeamNameCache(es, indices.teams) };
}

export type UpdateResult = {
  fixtureId: number;
  seasonId: number;
  /** False when the change changed nothing, or its mark was already applied (no write). */
  written: boolean;
  /** The stored state already carried the update's mark or a later one (not written). */
  alreadyApplied?: boolean;
  /** Writes refused because the document had changed since it was read, each followed by a re-read. */
  conflicts: number;
  effects: ChangeEffects;
};

/** Enough for every writer of one fixture to get through (each round lets at least one of them win). */
export const MAX_UPDATE_ATTEMPTS = 25;
/** A write to history refused while a nightly rebuild clones it waits this long times its attempt: about 30 s over all attempts. */
const WRITE_BLOCK_WAIT_MS = 100;

const NO_EFFECTS: ChangeEffects = { changed: false, statusChanged: false, finished: false, repriced: [], suspended: [], restored: [], settled: [] };

export class FixtureNotFoundError extends Error {
  constructor(readonly fixtureId: number) {
    super(`Fixture ${fixtureId} does not exist`);
  }
}

export function nowMoment(now: Date = new Date()): ChangeMoment {
  return { nowUnix: Math.floor(now.getTime() / 1000), updatedAt: now.toISOString() };
}

export async function applyFixtureUpdate(
  target: UpdateTarget,
  fixtureId: number,
  change: FixtureChange,
  at: ChangeMoment = nowMoment(),
  mark?: FeedMark,
): Promise<UpdateResult> {
  const { es, indices } = target;
  let conflicts = 0;
  let blocked = false;
  for (let attempt = 1; attempt <= MAX_UPDATE_ATTEMPTS; attempt++) {
    // Live updates are for the live part; a correction of a settled result finds the fixture in history.
    const found = await readOneFixtureVersioned<StoredFixture>(es, indices, String(fixtureId));
    if (!found) throw new FixtureNotFoundError(fixtureId);
    const { family, index, stored } = found;
    if (mark && alreadyApplied(stored.doc.simulation?.last_update, mark)) {
      return { fixtureId, seasonId: stored.doc.season.id, conflicts, effects: NO_EFFECTS, written: false, alreadyApplied: true };
    }
    const merged = mergeFixtureChange(stored.doc, change, at);
    const { effects } = merged;
    const doc = mark && merged.doc.simulation ? { ...merged.doc, simulation: { ...merged.doc.simulation, last_update: mark } } : merged.doc;
    const result = { fixtureId, seasonId: doc.season.id, conflicts, effects };
    if (!effects.changed) return { ...result, written: false };
    const teamNames = await target.teamNames.namesOf(doc.participants.map((participant) => participant.id));
    try {
      // Not retried by the client: the loop here re-reads instead, and can tell our own write from another.
      await indexOneIfUnchanged(es, index, { id: String(fixtureId), version: stored, doc: { ...doc, ...derivedFixtureFields(doc, teamNames, family) } });
      return { ...result, written: true };
    } catch (error) {
      if (isConflict(error)) {
        conflicts++;
        continue;
      }
      if (isWriteBlocked(error)) {
        // History is cloned by a nightly rebuild (about a second): the write waits, it is not lost.
        blocked = true;
        await sleep(WRITE_BLOCK_WAIT_MS * attempt);
        continue;
      }
      if (!isUnanswered(error)) throw error;
      // The write may have landed before the answer was lost: if the stored document is
      // now exactly ours, it did, and its effects (follow-ups) are still owed.
      if (await landed(target, index, fixtureId, stored.seqNo, doc.updated_at)) return { ...result, written: true };
    }
  }
  if (blocked) throw new Error(`Fixture ${fixtureId}: its index refused writes (index.blocks.write) through ${MAX_UPDATE_ATTEMPTS} attempts; gave up`);
  throw new Error(`Fixture ${fixtureId} kept changing while being updated; gave up after ${MAX_UPDATE_ATTEMPTS} attempts`);
}

function isUnanswered(error: unknown): boolean {
  const kind = clientErrorKind(error);
  return kind === "timeout" || kind === "connection";
}

/** Whether our write is the one stored now: a newer sequence number carrying our timestamp. */
async function landed(target: UpdateTarget, index: string, fixtureId: number, readSeqNo: number, updatedAt: string): Promise<boolean> {
  const now = await readOneVersioned<Pick<StoredFixture, "updated_at">>(target.es, index, String(fixtureId), ["updated_at"]);
  return now !== null && now.seqNo > readSeqNo && now.doc.updated_at === updatedAt;
}

function isConflict(error: unknown): boolean {
  return clientErrorKind(error) === "conflict";
}
