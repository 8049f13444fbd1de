/**
 * `npm run bench:rebuild [-- --source synthetic]`: the rebuild's load rate beside a
 * raw `_bulk` load of the very same documents (plain HTTP, no client helper), on the
 * same node in one run. The rebuild's figure is what an operator sees: documents are
 * generated while they load. Prints docs/s of both and the ratio (target >= 90%).
 *
 * Uses its own INDEX_PREFIX (bench_rebuild) and deletes its indices at the end.
 */
import { availableParallelism } from "node:os";
import { loadConfig } from "../../src/config.js";
import type { IndexedDocument } from "../../src/ingest/bulk-load.js";
import { buildDataSet, DEFAULT_OPENFOOTBALL_DIR, type SourceOptions } from "../../src/ingest/data-set.js";
import { rebuild, type DataSet } from "../../src/ingest/rebuild.js";
import { createElasticsearchClient } from "../../src/store/client.js";
import { VERSIONED_INDICES, indexNames, versionedIndexName } from "../../src/store/index-names.js";
import { createVersion, deleteVersions, finishVersion } from "../../src/store/index-versions.js";
import { deleteIndicesWithPrefix } from "../../test/support/test-env.js";

const PREFIX = "bench_rebuild";
const FLUSH_BYTES = 5_000_000;
const CONCURRENCY = 2;

async function main(): Promise<void> {
  const source: SourceOptions = process.argv.includes("synthetic")
    ? { source: "synthetic" }
    : { source: "openfootball", dir: DEFAULT_OPENFOOTBALL_DIR };
  const config = loadConfig({ ...process.env, INDEX_PREFIX: PREFIX });
  const es = createElasticsearchClient({ ...config.elasticsearch, requestTimeoutMs: 300_000 });
  const names = indexNames(PREFIX);
  const node = config.elasticsearch.nodes[0]!;
  const now = new Date();
  try {
    await deleteIndicesWithPrefix(es, PREFIX);
    console.log(`Machine: ${availableParallelism()} cores. Source: ${source.source}.`);

    const { dataSet } = await buildDataSet(source, now);
    const report = await rebuild(es, names, dataSet);
    const total = Object.values(report.counts).reduce((sum, count) => sum + count, 0);
    console.log(`rebuild (generate + helper bulk + checks + swap): ${total.toLocaleString("en")} docs in ${report.seconds.toFixed(1)} s = ${report.docsPerSecond.toLocaleString("en")} docs/s`);

    // The same documents, serialized up front, sent as plain HTTP _bulk requests.
    const { dataSet: again } = await buildDataSet(source, now);
    const version = "rawbulk";
    await createVersion(es, names, version);
    const batches = serialize(again, names, version);
    const started = Date.now();
    let next = 0;
    const worker = async () => {
      while (next < batches.length) {
        const body = batches[next++]!;
        const response = await fetch(`${node}/_bulk`, {
          method: "POST",
          headers: { "content-type": "application/x-ndjson" },
          body,
        });
        const result = (await response.json()) as { errors: boolean };
        if (!response.ok || result.errors) throw new Error("raw _bulk reported errors");
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await finishVersion(es, names, version);
    const rawSeconds = (Date.now() - started) / 1000;
    const rawRate = Math.round(total / rawSeconds);
    console.log(`raw _bulk (pre-serialized, plain fetch, ${CONCURRENCY} in flight): ${total.toLocaleString("en")} docs in ${rawSeconds.toFixed(1)} s = ${rawRate.toLocaleString("en")} docs/s`);
    console.log(`rebuild / raw: ${((report.docsPerSecond / rawRate) * 100).toFixed(1)}% (target >= 90%)`);
    await deleteVersions(es, names, [version]);
  } finally {
    await deleteIndicesWithPrefix(es, PREFIX).catch(() => {});
    await es.close();
  }
}

/** NDJSON bodies of about FLUSH_BYTES each, like the helper's batches. */
function serialize(dataSet: DataSet, names: ReturnType<typeof indexNames>, version: string): string[] {
  const batches: string[] = [];
  let lines: string[] = [];
  let size = 0;
  for (const logical of VERSIONED_INDICES) {
    const index = versionedIndexName(names[logical], version);
    for (const { id, doc } of dataSet[logical].documents() as Iterable<IndexedDocument>) {
      const action = JSON.stringify({ index: { _index: index, _id: id } });
      const source = JSON.stringify(doc);
      lines.push(action, source);
      size += action.length + source.length + 2;
      if (size >= FLUSH_BYTES) {
        batches.push(`${lines.join("\n")}\n`);
        lines = [];
        size = 0;
      }
    }
  }
  if (lines.length > 0) batches.push(`${lines.join("\n")}\n`);
  return batches;
}

main().catch((error: unknown) => {
  console.error(`bench:rebuild failed: ${(error as Error).message ?? error}`);
  process.exit(1);
});
