import type { Client, estypes } from "@elastic/elasticsearch";
import { versionedIndexName, type IndexNames } from "./index-names.js";

/**
 * Clones `from` into a new index `to`, tuned for loading (no refresh, no replicas: `finishVersion`
 * puts them back) and with `meta` as its mapping `_meta`. A clone hard-links the source's segment
 * files, so it costs seconds whatever the index holds. The node clones only a read-only index:
 * `from` refuses writes while it runs and takes them again after, also when the clone fails.
 */
export async function cloneIndex(es: Client, from: string, to: string, meta: Record<string, unknown>): Promise<void> {
  await es.indices.refresh({ index: from });
  await es.indices.putSettings({ index: from, settings: { "index.blocks.write": true } });
  try {
    const settings = { "index.blocks.write": null, number_of_replicas: 0, refresh_interval: "-1" } as unknown as estypes.IndicesIndexSettings;
    await es.indices.clone({ index: from, target: to, settings, wait_for_active_shards: 1 });
  } finally {
    const writable = { "index.blocks.write": null } as unknown as estypes.IndicesIndexSettings;
    await es.indices.putSettings({ index: from, settings: writable });
  }
  await es.indices.putMapping({ index: to, _meta: meta });
}

/** Makes `index` take writes again if a write block was left on it; returns whether there was one. */
async function releaseWriteBlock(es: Client, index: string): Promise<boolean> {
  const response = await es.indices.getSettings({ index, name: "index.blocks.write", flat_settings: true }, { ignore: [404] });
  const settings = (response as Record<string, { settings?: Record<string, unknown> }>)[index]?.settings ?? {};
  if (String(settings["index.blocks.write"]) !== "true") return false;
  await es.indices.putSettings({ index, settings: { "index.blocks.write": null } as unknown as estypes.IndicesIndexSettings });
  return true;
}

/**
 * The indices of `version` a nightly rebuild clones (its history and standings) made to take
 * writes again where a killed clone left them refusing; returns the families that were. Run by
 * whoever takes the rebuild lease next (a rebuild or a move): no clone of its own is under way.
 */
export async function releaseCloneBlocks(es: Client, names: IndexNames, version: string): Promise<string[]> {
  const released: string[] = [];
  for (const logical of ["fixtures_history", "standings"] as const) {
    if (await releaseWriteBlock(es, versionedIndexName(names[logical], version))) released.push(logical);
  }
  return released;
}
