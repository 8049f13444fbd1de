/**
 * The data `bench:capacity` loads: by default the real data (the openfootball rebuild) under
 * the kept prefix `bench_capacity` (made when missing or older than a day, `--rebuild` to
 * force, as bench:stream keeps `bench_stream`), or the load's own synthetic set under a fresh
 * prefix deleted at the end. Either way a key of its own, revoked at the end.
 */
import type { Client } from "@elastic/elasticsearch";
import { loadConfig } from "../../src/config.js";
import { ApiKeyStore } from "../../src/store/api-key-store.js";
import { createElasticsearchClient } from "../../src/store/client.js";
import { ensurePersistentIndices } from "../../src/store/ensure-index.js";
import { indexNames, type IndexNames } from "../../src/store/index-names.js";
import { loadOwnData, ownPrefix } from "../load/harness.js";
import { ensureRealData } from "./stream/real-data.js";

export const REAL_PREFIX = "bench_capacity";

export type CapacityData = { es: Client; names: IndexNames; key: string; release: () => Promise<void> };

export async function capacityData(nodes: string[], source: "real" | "synthetic", rebuild: boolean, log: (line: string) => void): Promise<CapacityData> {
  if (source === "synthetic") {
    const data = await loadOwnData(nodes, ownPrefix("capacity"), log);
    const key = await keyFor(data.es, data.names);
    return { es: data.es, names: data.names, key: key.key, release: data.drop };
  }
  const config = loadConfig({ ...process.env, ELASTICSEARCH_URL: nodes.join(","), INDEX_PREFIX: REAL_PREFIX });
  const es = createElasticsearchClient({ ...config.elasticsearch, requestTimeoutMs: 120_000 });
  const names = indexNames(REAL_PREFIX);
  try {
    await ensureRealData(es, names, { rebuild }, log);
    await ensurePersistentIndices(es, names);
    const key = await keyFor(es, names);
    return {
      es,
      names,
      key: key.key,
      release: async () => {
        await key.revoke().catch((error: unknown) => log(`could not revoke the key: ${(error as Error).message}`));
        await es.close();
      },
    };
  } catch (error) {
    await es.close();
    throw error;
  }
}

/** User 1's key (the demo bet builders are user 1's), with the standings role the mix may use. */
async function keyFor(es: Client, names: IndexNames): Promise<{ key: string; revoke: () => Promise<void> }> {
  const store = new ApiKeyStore(es, names.api_keys);
  const created = await store.create({ userId: 1, roles: ["standings"], label: "npm run bench:capacity" });
  return { key: created.key, revoke: async () => void (await store.revoke(created.record.id)) };
}
