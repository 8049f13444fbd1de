/**
 * Live writes that land while a rebuild runs go to the old version (writers write through the
 * alias), and the new version was generated before them: without this step the swap would
 * silently undo them (docs/design.md, "Rebuild carry-over"). So, right before the swap and
 * again right after it, every fixture the old version changed since the rebuild started is
 * copied into the new version, unless the new version's document is as new or newer (a live
 * write after the swap), with its indexed-only `effective` and `search` recomputed. The copy is
 * conditional on the version read, like every fixture write. Fixtures the new version no longer
 * has are not revived.
 */
import type { Client, estypes } from "@elastic/elasticsearch";
import { isFinished } from "../domain/types/statuses.js";
import { TeamNameCache } from "../live/team-names.js";
import type { StoredFixture } from "../live/fixture-change.js";
import { derivedFixtureFields } from "../standings/fixture-derived.js";
import { versionedIndexName, type IndexNames } from "../store/index-names.js";
import { searchPages } from "../store/search-pages.js";

export type CarryOverReport = {
  /** Fixtures copied from the old version. */
  carried: number[];
  /** Seasons of copied fixtures that finished meanwhile: their tables need a recompute. */
  finishedSeasons: number[];
};

const PAGE = 500;
const MAX_ATTEMPTS = 5;

/**
 * When the new version's fixtures were generated: their earliest `updated_at` (a data set
 * stamps every document with the `now` it was built for, before the rebuild is even called),
 * else `fallback`. Writes from that instant on are the ones the new version cannot know.
 */
export async function generatedAt(es: Client, names: IndexNames, version: string, fallback: Date): Promise<string> {
  const response = await es.search({
    index: versionedIndexName(names.fixtures, version),
    size: 0,
    aggs: { generated: { min: { field: "updated_at" } } },
  });
  const generated = (response.aggregations?.generated as estypes.AggregationsMinAggregate | undefined)?.value;
  const at = typeof generated === "number" ? Math.min(generated, fallback.getTime()) : fallback.getTime();
  return new Date(at).toISOString();
}

export async function carryOverWrites(es: Client, names: IndexNames, from: string, to: string, since: string): Promise<CarryOverReport> {
  const oldIndex = versionedIndexName(names.fixtures, from);
  const newIndex = versionedIndexName(names.fixtures, to);
  const teamNames = new TeamNameCache(es, versionedIndexName(names.teams, to));
  const report: CarryOverReport = { carried: [], finishedSeasons: [] };
  await es.indices.refresh({ index: oldIndex });
  const changedSince = searchPages<StoredFixture>(
    es,
    { index: oldIndex, query: { range: { updated_at: { gte: since } } }, sort: [{ id: "asc" }] },
    PAGE,
  );
  for await (const hits of changedSince) {
    await copyNewer(es, newIndex, hits.flatMap((hit) => (hit._source ? [hit._source] : [])), teamNames, report);
  }
  if (report.carried.length > 0) await es.indices.refresh({ index: newIndex });
  return report;
}

async function copyNewer(es: Client, index: string, docs: readonly StoredFixture[], teamNames: TeamNameCache, report: CarryOverReport): Promise<void> {
  const byId = new Map(docs.map((doc) => [String(doc.id), doc]));
  // One names read for the whole page (the cache keeps them for later pages and retries).
  const names = await teamNames.namesOf(docs.flatMap((doc) => doc.participants.map((participant) => participant.id)));
  let pending = [...byId.keys()];
  for (let attempt = 1; pending.length > 0; attempt++) {
    if (attempt > MAX_ATTEMPTS) throw new Error(`Carry-over: ${pending.length} fixture(s) kept changing in the new version; gave up`);
    const current = await es.mget<Pick<StoredFixture, "updated_at">>({ index, ids: pending, _source: ["updated_at"] });
    const operations: Array<estypes.BulkOperationContainer | object> = [];
    const copied: StoredFixture[] = [];
    for (const target of current.docs) {
      if (!("found" in target) || !target.found || !target._source) continue;
      const old = byId.get(target._id)!;
      if (Date.parse(target._source.updated_at) >= Date.parse(old.updated_at)) continue;
      operations.push({ index: { _index: index, _id: target._id, if_seq_no: target._seq_no!, if_primary_term: target._primary_term! } }, { ...old, ...derivedFixtureFields(old, names) });
      copied.push(old);
    }
    if (operations.length === 0) return;
    const response = await es.bulk({ operations });
    pending = [];
    response.items.forEach((item, position) => {
      const result = item.index!;
      const doc = copied[position]!;
      if (result.status === 409) pending.push(String(doc.id));
      else if (result.error) throw new Error(`Carry-over of fixture ${doc.id}: ${result.error.reason ?? result.error.type}`);
      else {
        report.carried.push(doc.id);
        if (isFinished(doc.status) && !report.finishedSeasons.includes(doc.season.id)) report.finishedSeasons.push(doc.season.id);
      }
    });
  }
}
