import type { Client } from "@elastic/elasticsearch";

/** Makes every write to `index` so far visible to searches (a get by id sees them without this). */
export async function refreshIndex(es: Client, index: string): Promise<void> {
  await es.indices.refresh({ index });
}

/**
 * Which concrete index (or indices) an alias points at, as one string that changes exactly
 * when a rebuild puts a new index behind the alias. One small settings read.
 */
export async function aliasIdentity(es: Client, alias: string): Promise<string> {
  const settings = await es.indices.getSettings({ index: alias, name: "index.uuid" });
  return Object.entries(settings).map(([name, index]) => index.settings?.index?.uuid ?? name).sort().join(",");
}
