import type { Client } from "@elastic/elasticsearch";
import { isAlreadyExists } from "./errors.js";
import type { IndexNames } from "./index-names.js";
import { replicaSettings } from "./replicas.js";

/**
 * The model checkpoints nightly rebuilds resume at (ingest/kept-history/model-checkpoint.ts), one
 * document each in `<prefix>_checkpoints`, beside the versions rather than in them: a version's
 * mapping `_meta` names its checkpoint, and `_meta` lives in the cluster state, where a model of
 * every team does not belong. Stored as the rebuild gives them (nothing in them is indexed).
 */
export function checkpointsIndex(names: IndexNames): string {
  return `${names.prefix}_checkpoints`;
}

export async function saveCheckpoint(es: Client, names: IndexNames, id: string, checkpoint: object): Promise<void> {
  const index = checkpointsIndex(names);
  await es.indices
    .create({
      index,
      settings: { number_of_shards: 1, ...replicaSettings("auto") },
      mappings: { dynamic: false, properties: { saved_at: { type: "date" } } },
    })
    .catch((error: unknown) => {
      if (!isAlreadyExists(error)) throw error;
    });
  await es.index({ index, id, document: { saved_at: new Date().toISOString(), checkpoint }, refresh: true });
}

/** The checkpoint stored under `id`, or null when there is none (deleted, or never saved). */
export async function loadCheckpoint(es: Client, names: IndexNames, id: string): Promise<unknown> {
  const response = await es.get<{ checkpoint?: unknown }>({ index: checkpointsIndex(names), id }, { ignore: [404] });
  return response.found ? (response._source?.checkpoint ?? null) : null;
}

/**
 * Deletes every checkpoint but those named (the live version's and the one a rollback would go
 * back to), by id: the node has no delete_by_query. A checkpoint a failed rebuild saved goes too.
 * Returns how many went.
 */
export async function pruneCheckpoints(es: Client, names: IndexNames, keep: ReadonlyArray<string | undefined>): Promise<number> {
  const index = checkpointsIndex(names);
  const named = new Set(keep);
  const response = await es.search({ index, size: 1000, _source: false, query: { match_all: {} } }, { ignore: [404] });
  const stale = (response.hits?.hits ?? []).map((hit) => hit._id!).filter((id) => !named.has(id));
  if (stale.length === 0) return 0;
  const deleted = await es.bulk({ operations: stale.map((id) => ({ delete: { _index: index, _id: id } })), refresh: true });
  if (deleted.errors) throw new Error(`Deleting ${stale.length} model checkpoints of ${index} failed`);
  return stale.length;
}
