/**
 * `npm run bench:rebuild [-- --source openfootball|synthetic]`: the rebuild's load rate beside a raw `_bulk`
 * load of the very same documents (plain HTTP, no client helper), on the same node in
 * one run. Three figures:
 *  1. the rebuild as an operator runs it: documents are generated while they are loaded
 *     (no spool); its docs/s is the load phase's (the end-to-end time is printed too);
 *  2. the rebuild's loader (`bulkLoad`, the client's bulk helper) on the same documents
 *     serialized up front, as the raw load gets them;
 *  3. raw `_bulk` with plain fetch, same batch size and concurrency.
 * Ratios: 1/3 and 2/3 (target >= 90%). Uses INDEX_PREFIX bench_rebuild and deletes it.
 */
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import { loadConfig } from "../../src/config.js";
import { bulkLoad } from "../../src/store/bulk-load.js";
import { buildDataSet, DEFAULT_OPENFOOTBALL_DIR } from "../../src/ingest/data-set.js";
import type { SourceOptions } from "../../src/ingest/sources/load-source.js";
import { DATA_SET_INDICES, rebuild, type DataSetIndex } from "../../src/ingest/rebuild.js";
import { createElasticsearchClient } from "../../src/store/client.js";
import { VERSIONED_INDICES, indexNames, versionedIndexName, type VersionedIndex } from "../../src/store/index-names.js";
import { createVersion, deleteIndicesWithPrefix, deleteVersions, finishVersion } from "../../src/store/index-versions.js";
import { runScript } from "../lib/cli.js";

const PREFIX = "bench_rebuild";
const FLUSH_BYTES = 5_000_000;
const CONCURRENCY = 2;

/** Serialized documents as Buffers: outside the JS heap, so ~1 GB of JSON fits. */
type Serialized = Record<DataSetIndex, Array<{ id: string; json: Buffer }>>;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { source: { type: "string", default: "openfootball" } } });
  if (values.source !== "openfootball" && values.source !== "synthetic") throw new Error(`--source must be openfootball or synthetic, got "${values.source}"`);
  const source: SourceOptions = values.source === "synthetic" ? { source: "synthetic" } : { source: "openfootball", dir: DEFAULT_OPENFOOTBALL_DIR };
  const config = loadConfig({ ...process.env, INDEX_PREFIX: PREFIX });
  const es = createElasticsearchClient({ ...config.elasticsearch, requestTimeoutMs: 300_000 });
  const names = indexNames(PREFIX);
  const node = config.elasticsearch.nodes[0]!;
  const now = new Date();
  const rate = (docs: number, seconds: number) => Math.round(docs / seconds);
  try {
    await deleteIndicesWithPrefix(es, PREFIX);
    console.log(`Machine: ${availableParallelism()} cores. Source: ${source.source}.`);

    const { dataSet } = await buildDataSet(source, now);
    const report = await rebuild(es, names, dataSet);
    const total = Object.values(report.counts).reduce((sum, count) => sum + count, 0);
    console.log(
      `1. rebuild: ${total.toLocaleString("en")} docs; generated and loaded in ${report.loadSeconds.toFixed(1)} s ` +
        `= ${report.docsPerSecond.toLocaleString("en")} docs/s; ` +
        `end to end ${report.seconds.toFixed(1)} s = ${rate(total, report.seconds).toLocaleString("en")} docs/s`,
    );

    const { dataSet: again } = await buildDataSet(source, now);
    const serialized = {} as Serialized;
    for (const logical of DATA_SET_INDICES) {
      serialized[logical] = [];
      for await (const { id, doc } of again[logical].documents()) {
        serialized[logical].push({ id, json: Buffer.from(typeof doc === "string" ? doc : JSON.stringify(doc)) });
      }
    }

    // Raw first: the rebuild ran before it, so neither comparison gets the quieter node.
    const rawSeconds = await timed(es, names, "raw", async (version) => {
      const batches = ndjsonBatches(serialized, names, version);
      let next = 0;
      const worker = async () => {
        while (next < batches.length) {
          const body = batches[next++]!;
          const response = await fetch(`${node}/_bulk`, { method: "POST", headers: { "content-type": "application/x-ndjson" }, body });
          const result = (await response.json()) as { errors: boolean };
          if (!response.ok || result.errors) throw new Error("raw _bulk reported errors");
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    });
    const loaderSeconds = await timed(es, names, "loader", async (version) => {
      for (const logical of DATA_SET_INDICES) {
        const index = versionedIndexName(names[logical], version);
        const lazily = function* () {
          for (const { id, json } of serialized[logical]) yield { id, doc: json.toString() };
        };
        await bulkLoad(es, index, lazily());
      }
    });
    console.log(`2. rebuild loader (bulk helper) on pre-serialized documents: ${rate(total, loaderSeconds).toLocaleString("en")} docs/s (${loaderSeconds.toFixed(1)} s)`);

    const rawRate = rate(total, rawSeconds);
    console.log(`3. raw _bulk (plain fetch, ${CONCURRENCY} in flight, ${FLUSH_BYTES / 1e6} MB batches): ${rawRate.toLocaleString("en")} docs/s (${rawSeconds.toFixed(1)} s)`);
    console.log(
      `rebuild load / raw: ${((report.docsPerSecond / rawRate) * 100).toFixed(1)}% (target >= 90%); ` +
        `loader alone / raw: ${((rate(total, loaderSeconds) / rawRate) * 100).toFixed(1)}%; ` +
        `rebuild end to end / raw: ${((rate(total, report.seconds) / rawRate) * 100).toFixed(1)}%`,
    );
  } finally {
    await deleteIndicesWithPrefix(es, PREFIX).catch(() => {});
    await es.close();
  }
}

/** Loads into a fresh version with the rebuild's load settings, finishes it the same way, and times it. */
async function timed(
  es: ReturnType<typeof createElasticsearchClient>,
  names: ReturnType<typeof indexNames>,
  version: string,
  load: (version: string) => Promise<void>,
): Promise<number> {
  await createVersion(es, names, version);
  const started = Date.now();
  await load(version);
  await finishVersion(es, names, version);
  const seconds = (Date.now() - started) / 1000;
  await deleteVersions(es, names, [version]);
  return seconds;
}

/** NDJSON bodies of about FLUSH_BYTES each, like the helper's batches. */
function ndjsonBatches(serialized: Serialized, names: ReturnType<typeof indexNames>, version: string): Buffer[] {
  const newline = Buffer.from("\n");
  const batches: Buffer[] = [];
  let lines: Buffer[] = [];
  let size = 0;
  for (const logical of DATA_SET_INDICES) {
    const index = versionedIndexName(names[logical], version);
    for (const { id, json } of serialized[logical]) {
      const action = Buffer.from(JSON.stringify({ index: { _index: index, _id: id } }));
      lines.push(action, newline, json, newline);
      size += action.length + json.length + 2;
      if (size >= FLUSH_BYTES) {
        batches.push(Buffer.concat(lines));
        lines = [];
        size = 0;
      }
    }
  }
  if (lines.length > 0) batches.push(Buffer.concat(lines));
  return batches;
}

runScript("bench:rebuild", main);
