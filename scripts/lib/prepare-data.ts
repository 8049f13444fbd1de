/**
 * What a fresh store needs before a service answers, shared by `npm start` and `npm run cluster`:
 * the data (built once, under the startup lease, so a second starter waits and then finds it
 * ready) and a first API key.
 */
import { ApiKeyStore } from "../../src/store/api-key-store.js";
import { betBuildersAfterRebuild } from "../../src/bet-builders/after-rebuild.js";
import { loadConfig } from "../../src/config.js";
import { createElasticsearchClient } from "../../src/store/client.js";
import { buildDataSet, defaultSource, sourceToRebuild } from "../../src/ingest/data-set.js";
import { rebuild } from "../../src/ingest/rebuild.js";
import { ensurePersistentIndices } from "../../src/store/ensure-index.js";
import { indexNames } from "../../src/store/index-names.js";
import { currentVersion, dataOrigin } from "../../src/store/index-versions.js";
import { mappingGaps } from "../../src/store/mapping-gaps.js";
import { Lease } from "../../src/store/lease.js";

/**
 * A rebuild when the aliases are missing, or the data lacks fields the mappings now define (built
 * by an older version): from the source the data records, else from the real data when
 * ../shared/data/openfootball is there, else the synthetic source. Reads the environment's config.
 */
export async function ensureData(): Promise<void> {
  const config = loadConfig();
  const es = createElasticsearchClient({ ...config.elasticsearch, requestTimeoutMs: 120_000 });
  const names = indexNames(config.indexPrefix);
  try {
    await ensurePersistentIndices(es, names, config.indexReplicas);
    let source = defaultSource();
    if (await currentVersion(es, names)) {
      const gaps = await mappingGaps(es, names);
      if (gaps.length === 0) return;
      const chosen = sourceToRebuild(await dataOrigin(es, names));
      source = chosen.options;
      // The rebuild writes a new version beside the old one and swaps the aliases (`npm run rollback` goes back).
      console.log(`The data was built with older mappings (no ${gaps.join(", ")}): rebuilding it from the ${source.source} source, ` +
        `${chosen.why}; the old version stays until the next rebuild (npm run rollback).`);
    } else {
      console.log(`No data yet: rebuilding from the ${source.source} source (npm run rebuild does this on demand).`);
    }
    const { dataSet } = await buildDataSet(source, new Date(), (line) => console.log(line));
    const report = await rebuild(es, names, dataSet, (line) => console.log(line), config.indexLayout);
    console.log(`Data ready: version ${report.version}, ${report.counts.fixtures.toLocaleString("en")} fixtures.`);
    const betBuilders = await betBuildersAfterRebuild(es, names);
    console.log(`Bet builders: ${betBuilders.created} created for demo users ${betBuilders.demoUsers.join(", ") || "none"}.`);
  } finally {
    await es.close();
  }
}

/**
 * On a store without keys, one key for user 1 (role standings); returns the lines that show it,
 * once, with a request to try at `baseUrl` (the service's own address by default; the proxy's
 * for a cluster). No lines when keys exist.
 */
export async function ensureFirstKey(label: string, baseUrl?: string): Promise<string[]> {
  const config = loadConfig();
  const es = createElasticsearchClient(config.elasticsearch);
  try {
    const alias = indexNames(config.indexPrefix).api_keys;
    const store = new ApiKeyStore(es, alias);
    if ((await store.list()).length > 0) return [];
    const { key, record } = await store.create({ userId: 1, roles: ["standings"], label });
    return [
      `No API keys yet: created ${record.id} for user 1 with role standings. It is shown only once:`,
      `  ${key}`,
      `Try: curl -H 'X-API-Key: ${key}' ${baseUrl ?? `http://${config.host}:${config.port}`}/types`,
    ];
  } finally {
    await es.close();
  }
}

/** Data and first key are prepared by one starter at a time (the startup lease, `src/store/lease.ts`). */
export async function whileHoldingStartupLease(prepare: () => Promise<void>): Promise<void> {
  const config = loadConfig();
  const es = createElasticsearchClient(config.elasticsearch);
  try {
    await Lease.hold(es, indexNames(config.indexPrefix), "startup", { log: (line) => console.log(line) }, prepare);
  } finally {
    await es.close();
  }
}
