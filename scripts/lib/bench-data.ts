/**
 * The data of the benches that read a whole catalogue (bench:backtest, bench:fair): the versioned
 * indices under `names`, rebuilt when there are none or they lack fields the mappings now define.
 * From the real data (the synthetic source where ../shared/data/openfootball is absent), or, with
 * a `size`, the synthetic catalogue of that many fixtures that bench:scale builds (same leagues,
 * past seasons added), in a child process as `npm run rebuild` runs it.
 */
import type { Client } from "@elastic/elasticsearch";
import type { IndexLayout } from "../../src/config.js";
import { buildDataSet, defaultSource } from "../../src/ingest/data-set.js";
import { rebuild } from "../../src/ingest/rebuild.js";
import { ensurePersistentIndices } from "../../src/store/ensure-index.js";
import type { IndexNames } from "../../src/store/index-names.js";
import { currentVersion } from "../../src/store/index-versions.js";
import { mappingGaps } from "../../src/store/mapping-gaps.js";
import { rebuildInChild } from "./rebuild-child.js";
import { historyArgs, scaleLeagues, SMALLEST_SIZE } from "./scale-catalogue.js";

/** The prefix a catalogue bench reads: INDEX_PREFIX, else `<base>` for the real data or `bench_backtest_<size>` (shared, built once). */
export function benchPrefix(base: string, size: number | undefined): string {
  return process.env.INDEX_PREFIX ?? (size === undefined ? base : `bench_backtest_${size}`);
}

/** Makes sure the data is there (rebuilding it when not) and returns how many fixtures it holds. */
export async function ensureBenchData(
  es: Client,
  names: IndexNames,
  options: { prefix: string; size: number | undefined; indexLayout: IndexLayout },
  log: (line: string) => void,
): Promise<number> {
  const { prefix, size } = options;
  await ensurePersistentIndices(es, names);
  const gaps = (await currentVersion(es, names)) ? await mappingGaps(es, names) : ["every index"];
  if (gaps.length > 0 && size !== undefined) {
    const args = historyArgs(size, scaleLeagues(SMALLEST_SIZE));
    log(`Rebuilding '${prefix}': the synthetic catalogue of ${size.toLocaleString("en")} fixtures (${args.join(" ")}; missing: ${gaps.slice(0, 3).join(", ")})`);
    const run = await rebuildInChild(prefix, { sourceArgs: args, log });
    log(`  rebuilt in ${run.seconds.toFixed(0)} s, ${run.documents.toLocaleString("en")} documents`);
  } else if (gaps.length > 0) {
    const source = defaultSource();
    log(`Rebuilding '${prefix}' from the ${source.source} source (missing: ${gaps.slice(0, 3).join(", ")})`);
    const { dataSet } = await buildDataSet(source, new Date());
    await rebuild(es, names, dataSet, log, options.indexLayout);
  }
  return (await es.count({ index: names.fixtures_all })).count;
}
