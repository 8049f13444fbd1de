import type { Client, estypes } from "@elastic/elasticsearch";
import { indexDefinition, MOVED_IN_FIELD } from "./index-definitions.js";
import type { IndexLayout, IndexReplicas } from "../config.js";
import { creationSettings, familyReplicas, layoutOf, loadedReplicaSettings } from "./index-layout.js";
import { liveMapping } from "./mapping-gaps.js";
import { searchPages } from "./search-pages.js";
import { loadedHealth, replicaSettings } from "./replicas.js";
import { generationOf, VERSIONED_INDICES, versionedIndexName, versionOf, type IndexNames, type VersionedIndex } from "./index-names.js";

/**
 * Versions of the rebuilt indices. One rebuild creates every versioned index under
 * one new version, loads them, then moves all aliases to it in a single atomic
 * `_aliases` call, so a reader sees either the complete old data or the complete
 * new data, never a mix and never a half-loaded index.
 */

/** The last version's time (ms) this process gave: the next one is later. */
let lastVersionMs = 0;

/**
 * Sortable and unique per rebuild: UTC time to the millisecond (17 digits). A random suffix on
 * the second, used before, gave two versions made within a second of each other a 1-in-1,000
 * chance of the same name (a test's empty version and its rebuild met it: the rebuild failed on
 * `resource_already_exists_exception`). Within a process a version never repeats or goes back:
 * one made in the same millisecond as the last (or with the clock set back) takes the next one.
 */
export function newVersion(now = new Date()): string {
  const stamp = Math.max(now.getTime(), lastVersionMs + 1);
  lastVersionMs = stamp;
  return new Date(stamp).toISOString().replace(/[-:TZ.]/g, "");
}

/**
 * Where a version's data came from (its source and that source's options), as the rebuild was
 * told: kept in the fixtures index's mapping `_meta`, beside the version, and read back by
 * `dataOrigin`. The store keeps it as given; the ingest layer knows what it means.
 */
export type DataOrigin = Readonly<Record<string, string | number>>;

/** Creates the empty indices of a version (but `except`: a nightly rebuild clones its history), tuned for loading (no refresh, no replicas). */
export async function createVersion(
  es: Client,
  names: IndexNames,
  version: string,
  origin?: DataOrigin,
  layout: IndexLayout | IndexReplicas = "auto",
  except: readonly VersionedIndex[] = [],
): Promise<void> {
  for (const logical of VERSIONED_INDICES) {
    if (except.includes(logical)) continue;
    await createLoadingIndex(es, versionedIndexName(names[logical], version), logical, layoutOf(layout), origin ? { version, origin } : { version });
  }
}

/** One empty index of `logical`'s definition, shards and codec from `layout`, tuned for loading. */
export async function createLoadingIndex(
  es: Client,
  index: string,
  logical: VersionedIndex,
  layout: IndexLayout,
  meta: Record<string, unknown>,
): Promise<void> {
  const { settings, mappings } = indexDefinition(logical);
  const loadSettings: estypes.IndicesIndexSettings = {
    ...settings,
    ...creationSettings(layout, logical),
    refresh_interval: "-1",
    ...replicaSettings(0),
  };
  await es.indices.create({ index, settings: loadSettings, mappings: { ...mappings, _meta: meta } });
}

/**
 * After loading: one refresh and one flush, then the index's own refresh interval and the
 * configured replicas back, then wait until the copies are allocated (see `loadedHealth`).
 * The flush comes first so that the replicas are copied from a Lucene commit holding every
 * document, and a copy that restarts later (a node lost and back) recovers from its own
 * files instead of replaying the whole load from the translog.
 */
export async function finishVersion(es: Client, names: IndexNames, version: string, layout: IndexLayout | IndexReplicas = "auto"): Promise<void> {
  await finishLoadedIndices(
    es,
    VERSIONED_INDICES.map((logical) => ({ index: versionedIndexName(names[logical], version), logical })),
    layoutOf(layout),
  );
}

/** `finishVersion` for any loaded indices (a move's new live part too). */
export async function finishLoadedIndices(es: Client, indices: ReadonlyArray<{ index: string; logical: VersionedIndex }>, layout: IndexLayout): Promise<void> {
  for (const { index, logical } of indices) {
    const { settings } = indexDefinition(logical);
    await es.indices.refresh({ index });
    await es.indices.flush({ index });
    await es.indices.putSettings({
      index,
      settings: {
        refresh_interval: (settings.refresh_interval as string | undefined) ?? "1s",
        ...loadedReplicaSettings(layout, logical),
      },
    });
  }
  const replicas = indices.map(({ logical }) => familyReplicas(layout, logical));
  const wanted = replicas.every((count) => loadedHealth(count) === "green") ? "green" : "yellow";
  // Replicas that take longer than this (a big index, a slow disk) are no reason to throw the
  // version away: every primary is complete, and the copies finish after the swap.
  const names = indices.map(({ index }) => index);
  const health = await es.cluster.health({ index: names, wait_for_status: wanted, timeout: "60s" }, { ignore: [408] });
  if (health.timed_out) await es.cluster.health({ index: names, wait_for_status: "yellow", timeout: "60s" });
}

/** Every concrete index of this prefix's versioned families, with its family and version. */
async function versionedIndices(es: Client, names: IndexNames): Promise<Array<{ index: string; logical: VersionedIndex; version: string }>> {
  const rows = await es.cat.indices({ index: `${names.prefix}_*`, h: "index", format: "json" });
  return rows.flatMap((row) => {
    for (const logical of VERSIONED_INDICES) {
      const version = row.index ? versionOf(names[logical], row.index) : null;
      if (version) return [{ index: row.index!, logical, version }];
    }
    return [];
  });
}

/**
 * Versions that exist completely (every versioned index present), oldest first; with
 * `complete: false`, every version with any index (one still loading, one a crash cut short, one
 * made before an index family was added), which only a clean-up of older versions wants.
 */
export async function listVersions(es: Client, names: IndexNames, { complete = true } = {}): Promise<string[]> {
  const families = new Map<string, Set<VersionedIndex>>();
  for (const { logical, version } of await versionedIndices(es, names)) {
    let present = families.get(version);
    if (!present) families.set(version, (present = new Set()));
    present.add(logical);
  }
  return [...families].filter(([, present]) => !complete || present.size === VERSIONED_INDICES.length).map(([v]) => v).sort();
}

/** The concrete indices an alias points at ([] when it does not exist). */
export async function aliasTargets(es: Client, alias: string): Promise<string[]> {
  const response = await es.indices.getAlias({ name: alias }, { ignore: [404] });
  return Object.keys(response).filter((key) => key !== "error" && key !== "status");
}

/** The version the aliases point at now, or null when there is none (or they disagree). */
export async function currentVersion(es: Client, names: IndexNames): Promise<string | null> {
  const versions = new Set<string>();
  for (const logical of VERSIONED_INDICES) {
    const alias = names[logical];
    const indices = await aliasTargets(es, alias);
    if (indices.length !== 1) return null;
    const version = versionOf(alias, indices[0] as string);
    if (!version) return null;
    versions.add(version);
  }
  return versions.size === 1 ? [...versions][0]! : null;
}

/** The live part's concrete index a version would be served from: its latest move's, else the rebuild's own. */
export async function liveIndexOf(es: Client, names: IndexNames, version: string): Promise<string> {
  const live = (await versionedIndices(es, names)).filter((row) => row.logical === "fixtures" && row.version === version);
  const latest = live.sort((a, b) => generationOf(b.index) - generationOf(a.index))[0];
  return latest?.index ?? versionedIndexName(names.fixtures, version);
}

/**
 * What `fixtures_all` shows of history: every document but the copies of a move later than
 * `generation` (a move under way, or one that failed before its swap). Documents a rebuild
 * loaded have no `moved_in`.
 */
export function historyFilter(generation: number): estypes.QueryDslQueryContainer {
  return {
    bool: {
      should: [{ range: { [MOVED_IN_FIELD]: { lte: generation } } }, { bool: { must_not: { exists: { field: MOVED_IN_FIELD } } } }],
      minimum_should_match: 1,
    },
  };
}

/** What a version's indices record in their mapping `_meta` (the version, where its data came from), read from the live part. */
export async function versionMeta(es: Client, alias: string): Promise<Record<string, unknown>> {
  return { ...(await liveMapping(es, alias))?._meta };
}

/** Replaces what an index of a version records in its mapping `_meta` (see `versionMeta`). */
export async function putVersionMeta(es: Client, index: string, meta: Record<string, unknown>): Promise<void> {
  await es.indices.putMapping({ index, _meta: meta });
}

/** The origin recorded with the data the fixtures alias points at; null for data built before origins were recorded. */
export async function dataOrigin(es: Client, names: IndexNames): Promise<DataOrigin | null> {
  const origin = (await versionMeta(es, names.fixtures)).origin;
  return typeof origin === "object" && origin !== null && !Array.isArray(origin) ? (origin as DataOrigin) : null;
}

/**
 * Points every versioned alias at `version` in one atomic call, the live part at the version's
 * latest (`liveIndexOf`), and `fixtures_all` at that live part and the version's history.
 */
export async function swapAliases(es: Client, names: IndexNames, version: string): Promise<void> {
  const live = await liveIndexOf(es, names, version);
  const history = versionedIndexName(names.fixtures_history, version);
  const actions: estypes.IndicesUpdateAliasesAction[] = [];
  for (const logical of VERSIONED_INDICES) {
    const alias = names[logical];
    actions.push({ remove: { index: `${alias}-*`, alias, must_exist: false } });
    actions.push({ add: { index: logical === "fixtures" ? live : versionedIndexName(alias, version), alias } });
  }
  for (const family of [names.fixtures, names.fixtures_history]) {
    actions.push({ remove: { index: `${family}-*`, alias: names.fixtures_all, must_exist: false } });
  }
  actions.push({ add: { index: live, alias: names.fixtures_all } });
  actions.push({ add: { index: history, alias: names.fixtures_all, filter: historyFilter(generationOf(live)) } });
  await es.indices.updateAliases({ actions });
}

/** Deletes whole versions, every index of theirs (a move's live parts too), by concrete name (wildcard deletes are refused by design). */
export async function deleteVersions(es: Client, names: IndexNames, versions: string[]): Promise<void> {
  const doomed = new Set(versions);
  const indices = (await versionedIndices(es, names)).filter((row) => doomed.has(row.version)).map((row) => row.index);
  if (indices.length > 0) await es.indices.delete({ index: indices, ignore_unavailable: true });
}

/**
 * Deletes every index named `<prefix>_*` (a test's, a benchmark's or a load run's own data).
 * Resolves the concrete names first: the node refuses wildcard deletes.
 */
export async function deleteIndicesWithPrefix(es: Client, prefix: string): Promise<void> {
  const indices = await es.cat.indices({ index: `${prefix}_*`, h: "index", format: "json" });
  // `prefix_*` also resolves aliases of that prefix: keep only indices named with it.
  const names = indices.map((row) => row.index).filter((name): name is string => Boolean(name?.startsWith(`${prefix}_`)));
  if (names.length > 0) await es.indices.delete({ index: names });
}

/**
 * What a move of settled fixtures that failed before its swap left behind (src/ingest/move-settled.ts):
 * live parts of the current version newer than the one aliased, and the history copies the
 * read-all alias hides (`moved_in` above the aliased generation). Deleted by id: the node has
 * no delete_by_query. Returns how many indices and copies went.
 */
export async function dropUnfinishedMoves(es: Client, names: IndexNames): Promise<{ indices: number; copies: number }> {
  const live = (await aliasTargets(es, names.fixtures))[0];
  const version = live ? versionOf(names.fixtures, live) : null;
  if (!live || !version) return { indices: 0, copies: 0 };
  const generation = generationOf(live);
  const stale = (await versionedIndices(es, names))
    .filter((row) => row.logical === "fixtures" && row.version === version && generationOf(row.index) > generation)
    .map((row) => row.index);
  if (stale.length > 0) await es.indices.delete({ index: stale });
  const copies = await deleteMovedCopies(es, versionedIndexName(names.fixtures_history, version), { gt: generation });
  return { indices: stale.length, copies };
}

/** Deletes the history copies whose `moved_in` is in `range`; returns how many. */
export async function deleteMovedCopies(es: Client, history: string, range: estypes.QueryDslNumberRangeQuery): Promise<number> {
  return deleteMatching(es, history, { range: { [MOVED_IN_FIELD]: range } });
}

/**
 * Deletes every document of `index` that `query` matches, by id (the node has no delete_by_query),
 * and refreshes when any went; returns how many. `sort` must end on a unique key (a fixture's id
 * by default).
 */
export async function deleteMatching(
  es: Client,
  index: string,
  query: estypes.QueryDslQueryContainer,
  sort: estypes.Sort = [{ id: "asc" }],
): Promise<number> {
  await es.indices.refresh({ index });
  let deleted = 0;
  for await (const hits of searchPages(es, { index, query, _source: false, sort })) {
    const response = await es.bulk({ operations: hits.map((hit) => ({ delete: { _index: index, _id: hit._id! } })) });
    if (response.errors) throw new Error(`Deleting ${hits.length} documents of ${index} failed`);
    deleted += hits.length;
  }
  if (deleted > 0) await es.indices.refresh({ index });
  return deleted;
}

/** Deletes one concrete index; one already gone is fine. */
export async function deleteIndex(es: Client, index: string): Promise<void> {
  await es.indices.delete({ index }, { ignore: [404] });
}
