import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { loadConfig } from "../../src/config.js";
import { buildDataSet, DEFAULT_OPENFOOTBALL_DIR } from "../../src/ingest/data-set.js";
import { rebuild, type RebuildReport } from "../../src/ingest/rebuild.js";
import { createElasticsearchClient } from "../../src/store/client.js";
import { indexNames } from "../../src/store/index-names.js";
import { deleteIndicesWithPrefix } from "../../src/store/index-versions.js";

declare module "vitest" {
  export interface ProvidedContext {
    realData: { dir: string; prefix: string; now: string; report: RebuildReport } | null;
  }
}

/**
 * The real-data suite shares one production rebuild of ../shared/data/openfootball
 * under its own index prefix (about a minute), instead of one per test file.
 * Where the folder is absent the suite's tests skip themselves.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = process.env.OPENFOOTBALL_DIR ?? DEFAULT_OPENFOOTBALL_DIR;
  if (!existsSync(join(dir, "football.json"))) {
    project.provide("realData", null);
    return async () => {};
  }
  const prefix = `realdata_${randomBytes(4).toString("hex")}`;
  const config = loadConfig({ ...process.env, INDEX_PREFIX: prefix });
  const es = createElasticsearchClient({ ...config.elasticsearch, requestTimeoutMs: 120_000 });
  const now = new Date();
  const { dataSet } = await buildDataSet({ source: "openfootball", dir }, now);
  const report = await rebuild(es, indexNames(prefix), dataSet);
  project.provide("realData", { dir, prefix, now: now.toISOString(), report });
  return async () => {
    await deleteIndicesWithPrefix(es, prefix);
    await es.close();
  };
}
