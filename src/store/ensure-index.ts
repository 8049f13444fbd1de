import type { Client } from "@elastic/elasticsearch";
import { indexDefinition } from "./index-definitions.js";
import type { IndexReplicas } from "../config.js";
import { isAlreadyExists } from "./errors.js";
import { replicaSettings } from "./replicas.js";
import { PERSISTENT_INDICES, versionedIndexName, type IndexNames, type PersistentIndex } from "./index-names.js";

/**
 * Creates the first version of an index behind its alias when the alias is missing,
 * else adds the fields the definition gained since the index was made.
 * Used for the indices that live outside the versioned rebuild (api keys, bet
 * builders): they are created once and never replaced by a rebuild.
 */
export async function ensureAliasedIndex(
  es: Client,
  logical: PersistentIndex,
  alias: string,
  replicas: IndexReplicas = "auto",
): Promise<void> {
  const { settings, mappings } = indexDefinition(logical);
  if (await es.indices.existsAlias({ name: alias })) {
    // An index made by an older release lacks fields added since (api_keys.rate_limit);
    // adding fields to a mapping is allowed in place, and repeating it changes nothing.
    await es.indices.putMapping({ index: alias, properties: mappings.properties ?? {} });
    return;
  }
  try {
    await es.indices.create({
      index: versionedIndexName(alias, 1),
      settings: { ...settings, ...replicaSettings(replicas) },
      mappings,
      aliases: { [alias]: {} },
      wait_for_active_shards: 1,
    });
  } catch (error) {
    // Two processes starting at once: the other one won the race, which is fine.
    if (!isAlreadyExists(error)) throw error;
  }
}

/** Both persistent indices (api keys, bet builders), created when missing. */
export async function ensurePersistentIndices(es: Client, names: IndexNames, replicas: IndexReplicas = "auto"): Promise<void> {
  for (const logical of PERSISTENT_INDICES) await ensureAliasedIndex(es, logical, names[logical], replicas);
}

/**
 * Puts the configured replicas on the persistent indices that already exist, so a changed
 * INDEX_REPLICAS reaches them too (a rebuild does this; they are never recreated).
 */
export async function applyPersistentReplicas(es: Client, names: IndexNames, replicas: IndexReplicas): Promise<void> {
  const aliases = PERSISTENT_INDICES.map((logical) => names[logical]);
  await es.indices.putSettings({ index: aliases, settings: replicaSettings(replicas) });
}
