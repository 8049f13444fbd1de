/**
 * The move of settled fixtures from the live part to history (docs/scaling.md, "Live part and
 * history"), nightly or on demand (`npm run move-settled`). Zero downtime and nothing lost:
 *
 * 1. A new live index of the current version (the next generation) is loaded with what stays
 *    live, and history gets copies of what has settled (`familyOf`), marked `moved_in` with the
 *    generation: the read-all alias hides them until the swap (`historyFilter`), so no read sees
 *    a fixture twice.
 * 2. Live writes that reached the old live index meanwhile are carried over (carry-over.ts).
 * 3. One atomic `_aliases` call points the live alias at the new index and the read-all alias
 *    at it and at history with the new generation: every read sees either the old layout or
 *    the new one, each fixture exactly once.
 * 4. A last carry-over, then the old live index is deleted.
 *
 * It holds the `rebuild` lease: one rebuild, rollback or move at a time per prefix. A move that
 * fails before its swap deletes what it made (and the next move or rebuild deletes what a crash
 * left, `dropUnfinishedMoves`). Streams see the live alias change and give every subscriber a
 * fresh snapshot, as after a rebuild.
 */
import type { Client } from "@elastic/elasticsearch";
import type { FixtureDocument } from "../domain/fixture/fixture-document.js";
import { familyOf } from "../domain/fixture/index-family.js";
import { TeamNameCache } from "../live/team-names.js";
import { recomputeSeasonStandings } from "../standings/recompute.js";
import { derivedFixtureFields } from "../standings/fixture-derived.js";
import { MOVED_IN_FIELD } from "../store/index-definitions.js";
import { layoutOf } from "../store/index-layout.js";
import { generationOf, liveIndexName, versionedIndexName, versionOf, type IndexNames } from "../store/index-names.js";
import { indexBatch } from "../store/bulk-load.js";
import { refreshIndex } from "../store/index-state.js";
import {
  aliasTargets,
  createLoadingIndex,
  deleteIndex,
  deleteMovedCopies,
  dropUnfinishedMoves,
  finishLoadedIndices,
  swapAliases,
  versionMeta,
} from "../store/index-versions.js";
import { Lease, type LeaseOptions } from "../store/lease.js";
import { releaseCloneBlocks } from "../store/index-clone.js";
import { searchPages } from "../store/search-pages.js";
import { countDocuments } from "../store/searches.js";
import type { IndexLayout, IndexReplicas } from "../config.js";
import { carryOver, type CarryOverReport, type CarryTargets } from "./carry-over.js";
import { ProgressReporter } from "./progress.js";

export type MoveReport = {
  version: string;
  /** The generation of the new live index (its name's suffix). */
  generation: number;
  /** Fixtures copied into history. */
  moved: number;
  /** Fixtures the new live index holds. */
  kept: number;
  /** Fixtures written live during the move and copied again. */
  carriedOver: number;
  seconds: number;
};

type Log = (line: string) => void;

/** Pages of the old live index: whole documents, so not too many at once. */
const PAGE = 500;

export async function moveSettled(
  es: Client,
  names: IndexNames,
  options: { layout?: IndexLayout | IndexReplicas; now?: Date; log?: Log; lease?: LeaseOptions } = {},
): Promise<MoveReport> {
  const log = options.log ?? (() => {});
  const layout = layoutOf(options.layout ?? "auto");
  return Lease.hold(es, names, "rebuild", { log, ...options.lease }, (lease) =>
    moveHoldingLease(es, names, { layout, now: options.now ?? new Date(), log, lease }),
  );
}

async function moveHoldingLease(
  es: Client,
  names: IndexNames,
  { layout, now, log, lease }: { layout: IndexLayout; now: Date; log: Log; lease: Lease },
): Promise<MoveReport> {
  const started = Date.now();
  // Writes from this instant on may miss the copy: they are carried over by their updated_at.
  const since = new Date(started).toISOString();
  const left = await dropUnfinishedMoves(es, names);
  if (left.indices + left.copies > 0) log(`Deleted what an unfinished move left: ${left.indices} index(es), ${left.copies} history copies`);
  const from = (await aliasTargets(es, names.fixtures))[0];
  const version = from ? versionOf(names.fixtures, from) : null;
  if (!from || !version) throw new Error(`${names.fixtures} points at no version: rebuild first`);
  // The move's recomputes write standings, and its copies history.
  for (const logical of await releaseCloneBlocks(es, names, version)) {
    log(`${logical} of version ${version} refused writes (a rebuild stopped while it cloned it): it takes them again`);
  }
  const generation = generationOf(from) + 1;
  const targets: CarryTargets = {
    live: liveIndexName(names.fixtures, version, generation),
    history: versionedIndexName(names.fixtures_history, version),
    teams: names.teams,
    historyStamp: { [MOVED_IN_FIELD]: generation },
  };
  log(`Moving fixtures settled ${layout.liveHours} h before ${now.toISOString()} from ${from} to history; the live part becomes ${targets.live}`);
  // The version's record (its data's origin, which a later `npm start` rebuilds from) goes along.
  await createLoadingIndex(es, targets.live, "fixtures", layout, { ...(await versionMeta(es, names.fixtures)), version, generation });
  let swapped = false;
  try {
    const { moved, kept } = await copySplit(es, from, targets, { now, liveHours: layout.liveHours, log });
    await finishLoadedIndices(es, [{ index: targets.live, logical: "fixtures" }], layout);
    await refreshIndex(es, targets.history);
    await checkCopies(es, targets, { moved, kept, generation });
    const carried = await carryOver(es, [from], targets, since);
    await lease.assertHeld();
    await swapAliases(es, names, version);
    swapped = true;
    const late = await lateCarryOver(es, names, from, targets, since, carried, log);
    const carriedOver = new Set([...carried.carried, ...(late?.carried ?? [])]).size;
    if (await lease.stillHeld()) await deleteIndex(es, from);
    else log(`The lease was taken over after the swap: ${from} is left for the next move to delete`);
    const seconds = (Date.now() - started) / 1000;
    log(`Moved ${moved.toLocaleString("en")} fixtures to history, ${kept.toLocaleString("en")} stay live (${seconds.toFixed(1)} s)`);
    return { version, generation, moved, kept, carriedOver, seconds };
  } catch (error) {
    if (!swapped && (await aliasTargets(es, names.fixtures).catch(() => [targets.live]))[0] !== targets.live) {
      log(`Move failed; deleting ${targets.live} and its history copies; the aliases are untouched`);
      await deleteIndex(es, targets.live).catch(() => {});
      await deleteMovedCopies(es, targets.history, { gte: generation }).catch(() => {});
    }
    throw error;
  }
}

/** Every fixture of the old live index, copied into the new live index or (marked) into history. */
async function copySplit(
  es: Client,
  from: string,
  targets: CarryTargets,
  { now, liveHours, log }: { now: Date; liveHours: number; log: Log },
): Promise<{ moved: number; kept: number }> {
  await refreshIndex(es, from);
  const progress = new ProgressReporter(await countDocuments(es, from), log);
  const teamNames = new TeamNameCache(es, targets.teams);
  let moved = 0;
  let kept = 0;
  for await (const hits of searchPages<FixtureDocument>(es, { index: from, sort: [{ id: "asc" }] }, PAGE)) {
    const docs = hits.flatMap((hit) => (hit._source ? [hit._source] : []));
    const names = await teamNames.namesOf(docs.flatMap((doc) => doc.participants.map((participant) => participant.id)));
    const copies = docs.map((doc) => {
      const family = familyOf(doc, now, liveHours);
      // The indexed-only fields (`effective`, `settled_selections`, `final_result`, `search`; not in `_source`): made again, as every
      // writer does, for the family written to (history keeps no statistic among `effective`, index-family.ts).
      const full = { ...doc, ...derivedFixtureFields(doc, names, family) };
      const id = String(doc.id);
      if (family === "fixtures") {
        kept++;
        return { index: targets.live, id, doc: full };
      }
      moved++;
      return { index: targets.history, id, doc: { ...full, ...targets.historyStamp } };
    });
    await indexBatch(es, copies);
    progress.update(moved + kept, "fixtures");
  }
  progress.finish();
  return { moved, kept };
}

/** The new live index and history's marked copies hold exactly what was copied. */
async function checkCopies(es: Client, targets: CarryTargets, expected: { moved: number; kept: number; generation: number }): Promise<void> {
  const kept = await countDocuments(es, targets.live);
  const moved = await countDocuments(es, targets.history, { term: { [MOVED_IN_FIELD]: expected.generation } });
  if (kept !== expected.kept || moved !== expected.moved) {
    throw new Error(`Move: copied ${expected.kept} live and ${expected.moved} settled fixtures, found ${kept} and ${moved}`);
  }
}

/** The carry-over after the swap (reported, never a reason to undo it), with the standings of seasons whose carried fixtures finished. */
async function lateCarryOver(
  es: Client,
  names: IndexNames,
  from: string,
  targets: CarryTargets,
  since: string,
  before: CarryOverReport,
  log: Log,
): Promise<CarryOverReport | null> {
  try {
    const late = await carryOver(es, [from], targets, since);
    for (const seasonId of new Set([...before.finishedSeasons, ...late.finishedSeasons])) await recomputeSeasonStandings(es, names, seasonId);
    return late;
  } catch (error) {
    log(`Carry-over after the swap failed: ${(error as Error).message}`);
    return null;
  }
}
