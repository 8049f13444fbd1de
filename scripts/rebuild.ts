/**
 * Rebuilds every data index under a new version and swaps the aliases atomically.
 *
 *   npm run rebuild -- --source openfootball [--dir ../shared/data/openfootball] [--full] [--workers K]
 *   npm run rebuild -- --source synthetic [--scale 100000 | --leagues 50] [--history-seasons 4] [--full] [--workers K]
 *
 * Nightly by default: when the source's settled history, the code and the history index's
 * definition are what the live version was built from, its history is kept (cloned) and only
 * the open seasons are generated and loaded; the log says which and why. `--full` loads
 * everything (docs/data.md, "Nightly rebuilds"). `--workers K` builds and loads the fixtures in K
 * threads, a share of the seasons each (1 by default; docs/scaling.md, "Fixture workers").
 *
 * Keys and bet builders live outside the rebuild and survive it; the previous version
 * is kept for `npm run rollback`. A malformed source file stops the rebuild before any
 * index is touched, with the file and line in the message.
 */
import { parseArgs } from "node:util";
import { betBuildersAfterRebuild } from "../src/bet-builders/after-rebuild.js";
import { loadConfig } from "../src/config.js";
import { buildDataSet } from "../src/ingest/data-set.js";
import type { SourceOptions } from "../src/ingest/sources/load-source.js";
import { rebuild, type RebuildMode } from "../src/ingest/rebuild.js";
import { createElasticsearchClient } from "../src/store/client.js";
import { indexNames } from "../src/store/index-names.js";
import { MAX_FIXTURE_WORKERS } from "../src/ingest/fixture-workers/load-in-workers.js";
import { runScript, wholeOption } from "./lib/cli.js";
import { SOURCE_OPTIONS, sourceOf } from "./lib/source-args.js";

export function parseRebuildArgs(args: string[]): { options: SourceOptions; mode: RebuildMode; workers: number } {
  const { values } = parseArgs({ args, options: { ...SOURCE_OPTIONS, full: { type: "boolean", default: false }, workers: { type: "string", default: "1" } } });
  const workers = wholeOption(values.workers, "workers", 1, MAX_FIXTURE_WORKERS);
  return { options: sourceOf(values), mode: values.full ? "full" : "nightly", workers };
}

async function main(): Promise<void> {
  const { options, mode, workers } = parseRebuildArgs(process.argv.slice(2));
  const config = loadConfig();
  // A batch of big fixture documents can take the node a while: the same wide timeout for the workers' clients.
  const elasticsearch = { ...config.elasticsearch, requestTimeoutMs: 120_000 };
  const es = createElasticsearchClient(elasticsearch);
  const names = indexNames(config.indexPrefix);
  const log = (line: string) => console.log(line);
  try {
    const started = Date.now();
    log(`Reading the ${options.source} source...`);
    const data = await buildDataSet(options, new Date(), log);
    log(`Source read and enriched in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const report = await rebuild(es, names, data.dataSet, log, config.indexLayout, {}, { mode, workers: { count: workers, elasticsearch } });
    log(`Swapped every alias to version ${report.version} (previous: ${report.previous ?? "none"}).`);
    for (const [index, count] of Object.entries(report.counts)) log(`  ${index.padEnd(10)} ${count.toLocaleString("en")}`);
    log(`History kept: ${report.history.kept.toLocaleString("en")} fixtures (${report.history.why}).`);
    log(
      `Generated and loaded in ${report.loadSeconds.toFixed(1)} s ` +
        `(${report.docsPerSecond.toLocaleString("en")} docs/s); total ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    for (const line of data.summary) log(line);
    // The data is swapped in by now: a failure here is reported, it does not undo the rebuild.
    await betBuildersAfterRebuild(es, names).then(
      (done) => log(`Bet builders: ${done.synced} repriced; ${done.created} created for demo users without any (${done.demoUsers.join(", ") || "none"}).`),
      (error: unknown) => {
        console.error(`Bet builders were not refreshed (npm run bet-builders -- demo retries): ${(error as Error).message}`);
        process.exitCode = 1;
      },
    );
  } finally {
    await es.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runScript("rebuild", main);
}
