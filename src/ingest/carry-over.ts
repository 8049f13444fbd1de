/**
 * Live writes that land while a rebuild runs go to the old version (writers write through the
 * alias), and the new version was generated before them: without this step the swap would
 * silently undo them (docs/design.md, "Rebuild carry-over"). So, right before the swap and
 * again right after it, every fixture the old version changed since the rebuild started is
 * copied into the new version, unless the new version's document is as new or newer (a live
 * write after the swap), with its indexed-only fields recomputed (fixture-derived.ts). The copy is
 * conditional on the version read, like every fixture write. Fixtures the new version no longer
 * has are not revived. A fixture is copied into whichever family of the new version holds it
 * (the live part or history); a move of settled fixtures carries over the same way.
 */
import type { Client } from "@elastic/elasticsearch";
import { isFinished } from "../domain/types/statuses.js";
import type { FixtureFamily } from "../domain/fixture/index-family.js";
import { TeamNameCache } from "../live/team-names.js";
import type { StoredFixture } from "../live/fixture-change.js";
import { derivedFixtureFields } from "../standings/fixture-derived.js";
import { versionedIndexName, type IndexNames } from "../store/index-names.js";
import { liveIndexOf } from "../store/index-versions.js";
import { earliestUpdatedAt } from "../store/fixture-reads.js";
import { refreshIndex } from "../store/index-state.js";
import { searchPages } from "../store/search-pages.js";
import { indexIfUnchanged, readVersioned } from "../store/versioned-documents.js";

export type CarryOverReport = {
  /** Fixtures copied from the old version. */
  carried: number[];
  /** Seasons of copied fixtures that finished meanwhile: their tables need a recompute. */
  finishedSeasons: number[];
};

const PAGE = 500;
const MAX_ATTEMPTS = 5;

/** Each target and the family it is of (what its index keeps differs: index-family.ts), the live part first. */
const TARGET_FAMILIES = [
  ["live", "fixtures"],
  ["history", "fixtures_history"],
] as const satisfies ReadonlyArray<readonly [keyof CarryTargets, FixtureFamily]>;

/** Where carried writes go: a fixture is copied into whichever of the two holds it. */
export type CarryTargets = {
  live: string;
  history: string;
  teams: string;
  /** Fields added to what is copied into history (a move marks its copies, src/ingest/move-settled.ts). */
  historyStamp?: Record<string, unknown>;
};

/**
 * When the new version's fixtures were generated: their earliest `updated_at` (a data set
 * stamps every document with the `now` it was built for, before the rebuild is even called),
 * else `fallback`. Writes from that instant on are the ones the new version cannot know. With
 * `liveOnly` (history kept from the previous version, its documents as old as their last write),
 * the live part's alone.
 */
export async function generatedAt(es: Client, names: IndexNames, version: string, fallback: Date, { liveOnly = false } = {}): Promise<string> {
  const families = liveOnly ? [names.fixtures] : [names.fixtures, names.fixtures_history];
  const generated = await earliestUpdatedAt(es, families.map((family) => versionedIndexName(family, version)));
  const at = generated !== null ? Math.min(generated, fallback.getTime()) : fallback.getTime();
  return new Date(at).toISOString();
}

/** The rebuild's carry-over: from the old version's live part and history into the new version's. */
export async function carryOverWrites(es: Client, names: IndexNames, from: string, to: string, since: string): Promise<CarryOverReport> {
  const sources = [await liveIndexOf(es, names, from), versionedIndexName(names.fixtures_history, from)];
  const targets = {
    live: versionedIndexName(names.fixtures, to),
    history: versionedIndexName(names.fixtures_history, to),
    teams: versionedIndexName(names.teams, to),
  };
  return carryOver(es, sources, targets, since);
}

/** Copies every fixture of `sources` written since `since` into `targets`, where the copy there is older. */
export async function carryOver(es: Client, sources: readonly string[], targets: CarryTargets, since: string): Promise<CarryOverReport> {
  const teamNames = new TeamNameCache(es, targets.teams);
  const report: CarryOverReport = { carried: [], finishedSeasons: [] };
  for (const source of sources) {
    await refreshIndex(es, source);
    const changedSince = searchPages<StoredFixture>(
      es,
      { index: source, query: { range: { updated_at: { gte: since } } }, sort: [{ id: "asc" }] },
      PAGE,
    );
    for await (const hits of changedSince) {
      await copyNewer(es, targets, hits.flatMap((hit) => (hit._source ? [hit._source] : [])), teamNames, report);
    }
  }
  if (report.carried.length > 0) for (const index of [targets.live, targets.history]) await refreshIndex(es, index);
  return report;
}

async function copyNewer(es: Client, targets: CarryTargets, docs: readonly StoredFixture[], teamNames: TeamNameCache, report: CarryOverReport): Promise<void> {
  const byId = new Map(docs.map((doc) => [String(doc.id), doc]));
  // One names read for the whole page (the cache keeps them for later pages and retries).
  const names = await teamNames.namesOf(docs.flatMap((doc) => doc.participants.map((participant) => participant.id)));
  let pending = [...byId.keys()];
  for (let attempt = 1; pending.length > 0; attempt++) {
    if (attempt > MAX_ATTEMPTS) throw new Error(`Carry-over: ${pending.length} fixture(s) kept changing in the new version; gave up`);
    const conflicts: string[] = [];
    for (const [side, family] of TARGET_FAMILIES) {
      const index = targets[side];
      const stamp = family === "fixtures_history" ? targets.historyStamp : undefined;
      const current = await readVersioned<Pick<StoredFixture, "updated_at">>(es, index, pending, ["updated_at"]);
      // What the live part holds is not looked for in history.
      const found = new Set(current.map((target) => target.id));
      pending = pending.filter((id) => !found.has(id));
      const copied: StoredFixture[] = [];
      const writes = current.flatMap((target) => {
        const old = byId.get(target.id)!;
        if (Date.parse(target.doc.updated_at) >= Date.parse(old.updated_at)) return [];
        copied.push(old);
        return [{ id: target.id, version: target, doc: { ...old, ...derivedFixtureFields(old, names, family), ...stamp } }];
      });
      if (writes.length === 0) continue;
      const outcome = await indexIfUnchanged(es, index, writes);
      if (outcome.failure) throw new Error(`Carry-over of fixture ${outcome.failure.id}: ${outcome.failure.reason}`);
      conflicts.push(...outcome.conflicts);
      for (const position of outcome.written) {
        const doc = copied[position]!;
        report.carried.push(doc.id);
        if (isFinished(doc.status) && !report.finishedSeasons.includes(doc.season.id)) report.finishedSeasons.push(doc.season.id);
      }
    }
    pending = conflicts;
  }
}
