import type { Client, estypes } from "@elastic/elasticsearch";
import { indexDefinition } from "./index-definitions.js";
import type { IndexReplicas } from "../config.js";
import { liveMapping } from "./mapping-gaps.js";
import { loadedHealth, replicaSettings } from "./replicas.js";
import { VERSIONED_INDICES, versionedIndexName, versionOf, type IndexNames, type VersionedIndex } from "./index-names.js";

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

/** Creates the empty indices of a version, tuned for loading (no refresh, no replicas). */
export async function createVersion(es: Client, names: IndexNames, version: string, origin?: DataOrigin): Promise<void> {
  for (const logical of VERSIONED_INDICES) {
    const { settings, mappings } = indexDefinition(logical);
    const loadSettings: estypes.IndicesIndexSettings = {
      ...settings,
      refresh_interval: "-1",
      ...replicaSettings(0),
    };
    await es.indices.create({
      index: versionedIndexName(names[logical], version),
      settings: loadSettings,
      mappings: { ...mappings, _meta: origin ? { version, origin } : { version } },
    });
  }
}

/**
 * After loading: one refresh and one flush, then the index's own refresh interval and the
 * configured replicas back, then wait until the copies are allocated (see `loadedHealth`).
 * The flush comes first so that the replicas are copied from a Lucene commit holding every
 * document, and a copy that restarts later (a node lost and back) recovers from its own
 * files instead of replaying the whole load from the translog.
 */
export async function finishVersion(es: Client, names: IndexNames, version: string, replicas: IndexReplicas = "auto"): Promise<void> {
  for (const logical of VERSIONED_INDICES) {
    const index = versionedIndexName(names[logical], version);
    const { settings } = indexDefinition(logical);
    await es.indices.refresh({ index });
    await es.indices.flush({ index });
    await es.indices.putSettings({
      index,
      settings: {
        refresh_interval: (settings.refresh_interval as string | undefined) ?? "1s",
        ...replicaSettings(replicas),
      },
    });
  }
  const indices = VERSIONED_INDICES.map((logical) => versionedIndexName(names[logical], version));
  // Replicas that take longer than this (a big index, a slow disk) are no reason to throw the
  // version away: every primary is complete, and the copies finish after the swap.
  const health = await es.cluster.health({ index: indices, wait_for_status: loadedHealth(replicas), timeout: "60s" }, { ignore: [408] });
  if (health.timed_out) await es.cluster.health({ index: indices, wait_for_status: "yellow", timeout: "60s" });
}

/** Versions that exist completely (every versioned index present), oldest first. */
export async function listVersions(es: Client, names: IndexNames): Promise<string[]> {
  const rows = await es.cat.indices({ index: `${names.prefix}_*`, h: "index", format: "json" });
  const counts = new Map<string, number>();
  for (const row of rows) {
    for (const logical of VERSIONED_INDICES) {
      const version = row.index ? versionOf(names[logical], row.index) : null;
      if (version) counts.set(version, (counts.get(version) ?? 0) + 1);
    }
  }
  return [...counts].filter(([, count]) => count === VERSIONED_INDICES.length).map(([v]) => v).sort();
}

/** The version the aliases point at now, or null when there is none (or they disagree). */
export async function currentVersion(es: Client, names: IndexNames): Promise<string | null> {
  const versions = new Set<string>();
  for (const logical of VERSIONED_INDICES) {
    const alias = names[logical];
    const response = await es.indices.getAlias({ name: alias }, { ignore: [404] });
    const indices = Object.keys(response).filter((key) => key !== "error" && key !== "status");
    if (indices.length !== 1) return null;
    const version = versionOf(alias, indices[0] as string);
    if (!version) return null;
    versions.add(version);
  }
  return versions.size === 1 ? [...versions][0]! : null;
}

/** The origin recorded with the data the fixtures alias points at; null for data built before origins were recorded. */
export async function dataOrigin(es: Client, names: IndexNames): Promise<DataOrigin | null> {
  const origin = (await liveMapping(es, names.fixtures))?._meta?.origin as unknown;
  return typeof origin === "object" && origin !== null && !Array.isArray(origin) ? (origin as DataOrigin) : null;
}

/** Points every versioned alias at `version` in one atomic call. */
export async function swapAliases(es: Client, names: IndexNames, version: string): Promise<void> {
  const actions: estypes.IndicesUpdateAliasesAction[] = [];
  for (const logical of VERSIONED_INDICES) {
    const alias = names[logical];
    actions.push({ remove: { index: `${alias}-*`, alias, must_exist: false } });
    actions.push({ add: { index: versionedIndexName(alias, version), alias } });
  }
  await es.indices.updateAliases({ actions });
}

/** Deletes whole versions by their concrete names (wildcard deletes are refused by design). */
export async function deleteVersions(es: Client, names: IndexNames, versions: string[]): Promise<void> {
  const indices = versions.flatMap((version) =>
    VERSIONED_INDICES.map((logical: VersionedIndex) => versionedIndexName(names[logical], version)),
  );
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
