import type { Client } from "@elastic/elasticsearch";
import type { RecordedCheckpoint } from "../ingest/kept-history/model-checkpoint.js";
import { isAlreadyExists } from "./errors.js";
import type { IndexNames } from "./index-names.js";
import { replicaSettings } from "./replicas.js";

/**
 * The model checkpoints nightly rebuilds resume at (ingest/kept-history/model-checkpoint.ts), one
 * document each in `<prefix>_checkpoints`, beside the versions rather than in them: a version's
 * mapping `_meta` names its checkpoint, and `_meta` lives in the cluster state, where a model of
 * every team does not belong. A checkpoint follows from its cut and history fingerprint, so it is
 * stored under them: writing one again changes nothing.
 */
export function checkpointsIndex(names: IndexNames): string {
  return `${names.prefix}_checkpoints`;
}

/** The checkpoints a store keeps: the newest few (a version's and its predecessor's, and one a failed rebuild left). */
const CHECKPOINTS_KEPT = 4;

export function checkpointId(checkpoint: Pick<RecordedCheckpoint, "cut" | "fingerprint">): string {
  return `${checkpoint.cut}.${checkpoint.fingerprint}`;
}

export async function saveCheckpoint(es: Client, names: IndexNames, checkpoint: RecordedCheckpoint, now: Date): Promise<string> {
  const index = checkpointsIndex(names);
  await es.indices
    .create({
      index,
      settings: { number_of_shards: 1, ...replicaSettings("auto") },
      // Read by id only: nothing in it is indexed but what the clean-up sorts on.
      mappings: { dynamic: false, properties: { saved_at: { type: "date" } } },
    })
    .catch((error: unknown) => {
      if (!isAlreadyExists(error)) throw error;
    });
  const id = checkpointId(checkpoint);
  await es.index({ index, id, document: { saved_at: now.toISOString(), checkpoint }, refresh: true });
  return id;
}

/** The checkpoint stored under `id`, or null when there is none (deleted, or never saved). */
export async function loadCheckpoint(es: Client, names: IndexNames, id: string): Promise<RecordedCheckpoint | null> {
  const response = await es.get<{ checkpoint?: RecordedCheckpoint }>({ index: checkpointsIndex(names), id }, { ignore: [404] });
  return response.found ? (response._source?.checkpoint ?? null) : null;
}

/** Deletes all but the newest few checkpoints. A version whose checkpoint is gone only loses the shortcut: its next nightly rebuild plays history from the start. */
export async function pruneCheckpoints(es: Client, names: IndexNames): Promise<void> {
  const index = checkpointsIndex(names);
  const response = await es.search(
    { index, size: 100, from: CHECKPOINTS_KEPT, sort: [{ saved_at: "desc" }], _source: false },
    { ignore: [404] },
  );
  const stale = response.hits?.hits.map((hit) => hit._id!) ?? [];
  if (stale.length > 0) await es.deleteByQuery({ index, query: { ids: { values: stale } }, refresh: true });
}
