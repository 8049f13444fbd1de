/**
 * The node's own rate on the rebuild's documents: the first `sample` fixture documents of the
 * same source, serialized up front (not timed), then sent as plain `_bulk` requests (no client
 * helper, nothing generated meanwhile) of the rebuild's batch size and concurrency into a fresh
 * version with the rebuild's load settings, each into the family the rebuild puts it in (live
 * part or history, whose codec differs), as the rebuild sends it there (`placeFixture`).
 */
import type { Client } from "@elastic/elasticsearch";
import { DEFAULT_LIVE_HOURS } from "../../../src/config.js";
import type { FixtureDocument } from "../../../src/domain/fixture/fixture-document.js";
import { placeFixture, type FixtureFamily } from "../../../src/domain/fixture/index-family.js";
import { buildDataSet } from "../../../src/ingest/data-set.js";
import type { SourceOptions } from "../../../src/ingest/sources/load-source.js";
import { indexNames, versionedIndexName } from "../../../src/store/index-names.js";
import { createVersion, deleteIndicesWithPrefix, finishVersion } from "../../../src/store/index-versions.js";
import { cpuWindow } from "../../lib/cpu.js";

const FLUSH_BYTES = 5_000_000;
const CONCURRENCY = 2;

/** The node's rate, and its CPU (every local node's) per document and in cores busy while it loaded. */
export type RawBulk = { docs: number; docsPerSecond: number; nodeCpuMsPerDoc: number; nodeCores: number };

export async function rawBulkRate(
  es: Client,
  node: string,
  prefix: string,
  source: SourceOptions,
  sample: number,
  nodePids: readonly number[],
): Promise<RawBulk> {
  const names = indexNames(prefix);
  const version = "00000000000000001";
  const families = { fixtures: versionedIndexName(names.fixtures, version), fixtures_history: versionedIndexName(names.fixtures_history, version) };
  const batches = await ndjsonBatches(source, families, sample);
  const docs = batches.reduce((sum, batch) => sum + batch.docs, 0);
  await deleteIndicesWithPrefix(es, prefix);
  await createVersion(es, names, version);
  try {
    const started = Date.now();
    const cpu = cpuWindow(null, nodePids);
    let next = 0;
    const worker = async () => {
      while (next < batches.length) {
        const { body } = batches[next++]!;
        const response = await fetch(`${node}/_bulk`, { method: "POST", headers: { "content-type": "application/x-ndjson" }, body });
        const result = (await response.json()) as { errors: boolean };
        if (!response.ok || result.errors) throw new Error("raw _bulk reported errors");
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await finishVersion(es, names, version, 0);
    const use = cpu.end();
    return {
      docs,
      docsPerSecond: Math.round(docs / ((Date.now() - started) / 1000)),
      nodeCpuMsPerDoc: use.nodeMs / docs,
      nodeCores: use.nodeMs / 1000 / use.seconds,
    };
  } finally {
    await deleteIndicesWithPrefix(es, prefix);
  }
}

async function ndjsonBatches(source: SourceOptions, families: Record<FixtureFamily, string>, sample: number): Promise<Array<{ body: Buffer; docs: number }>> {
  const now = new Date();
  const { dataSet } = await buildDataSet(source, now);
  const batches: Array<{ body: Buffer; docs: number }> = [];
  let lines: string[] = [];
  let size = 0;
  let taken = 0;
  for await (const { id, doc } of dataSet.fixtures.documents()) {
    const placed = placeFixture(doc as FixtureDocument, now, DEFAULT_LIVE_HOURS);
    const action = JSON.stringify({ create: { _index: families[placed.family], _id: id } });
    const json = JSON.stringify(placed.doc);
    lines.push(action, json);
    size += action.length + json.length + 2;
    if (size >= FLUSH_BYTES) {
      batches.push({ body: Buffer.from(`${lines.join("\n")}\n`), docs: lines.length / 2 });
      lines = [];
      size = 0;
    }
    if (++taken >= sample) break;
  }
  if (lines.length > 0) batches.push({ body: Buffer.from(`${lines.join("\n")}\n`), docs: lines.length / 2 });
  return batches;
}
