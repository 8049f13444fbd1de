/**
 * `npm start`: everything a fresh machine needs, then the service.
 *  1. Elasticsearch: ELASTICSEARCH_URL when it answers, else the project's own local
 *     node (downloaded, verified and started on first use).
 *  2. The data (one instance at a time: a second one started beside it waits, then finds it
 *     ready): when the aliases are missing, or the data lacks fields the mappings now
 *     define (built by an older version), a rebuild: from the source the data records, else
 *     from the real data when ../shared/data/openfootball is there, else the synthetic source.
 *  3. The api_keys index; on a store without keys, one demo key printed once.
 *  4. The HTTP service, in this process.
 *  5. The live simulator in the background of the same process, moving the live slate
 *     through the live update path (npm run simulate), so matches shown in play move on and
 *     finish instead of standing still at the moment of the import. `--speed N`, `--tick MS`;
 *     `--no-simulate` serves the data as it is. One instance at a time writes (the writer
 *     lease, src/live/live-writer.ts): every instance started with the simulator contends,
 *     one writes, the others wait and take over. `--updates-log FILE` records every update
 *     this instance writes (docs/operations.md, "One writer").
 */
import { hostname } from "node:os";
import { ensureElasticsearch, isReachable } from "./es/provision.js";
import { ensureData, ensureFirstKey, whileHoldingStartupLease } from "./lib/prepare-data.js";
import { loadConfig } from "../src/config.js";
import { createElasticsearchClient } from "../src/store/client.js";
import { indexNames } from "../src/store/index-names.js";
import { startServer } from "../src/server.js";
import { parseSimulatorArgs, type SimulatorArgs } from "../src/live/simulator-args.js";
import { LiveWriter } from "../src/live/live-writer.js";
import { appendUpdatesTo } from "../src/live/update-log.js";
import { createDeps } from "../src/deps.js";
import type { AppDeps } from "../src/http/context.js";
import { runScript } from "./lib/cli.js";

async function ensureNode(): Promise<void> {
  const configured = process.env.ELASTICSEARCH_URL;
  const first = configured?.split(",")[0]?.trim();
  if (first && (await isReachable(first))) {
    console.log(`Using Elasticsearch at ${configured}`);
    return;
  }
  if (configured && configured !== "http://127.0.0.1:9200") {
    throw new Error(`ELASTICSEARCH_URL=${configured} does not answer; start it or unset ELASTICSEARCH_URL`);
  }
  const { url } = await ensureElasticsearch({ log: (line) => console.log(line) });
  process.env.ELASTICSEARCH_URL = url;
}

/**
 * Contends for the writer lease until the process ends, and runs the simulator while it holds
 * it; a failing tick is logged and the next one tries again. The writer's role is on /metrics
 * (`live_writer`) and in the log ("this instance is the writer now", "... no longer ...").
 */
function simulateInBackground(args: SimulatorArgs, deps: AppDeps): LiveWriter {
  const { config, logger } = deps;
  const log = logger.child({ component: "live-writer" });
  const holder = `${hostname()} pid ${process.pid}`;
  const writer: LiveWriter = new LiveWriter(createElasticsearchClient(config.elasticsearch), indexNames(config.indexPrefix), {
    holder,
    speed: args.speed,
    tickMs: args.tickMs,
    timing: config.writer,
    log: (line) => console.log(`[simulate] ${line}`),
    onRole: (isWriter) => {
      deps.metrics.writerChanged(isWriter);
      log.info({ writer: isWriter, holder }, isWriter ? "this instance is the writer" : "this instance is no longer the writer");
    },
    ...(args.updatesLog ? { onUpdate: appendUpdatesTo(args.updatesLog, holder) } : {}),
  });
  deps.metrics.watchWriter(() => writer.isWriter);
  console.log(`[simulate] moving the live slate at ${args.speed}x real time while this instance is the writer (one at a time)`);
  return writer.start();
}

async function main(): Promise<void> {
  const args = parseSimulatorArgs(process.argv.slice(2), { simulateByDefault: true });
  await ensureNode();
  await whileHoldingStartupLease(async () => {
    await ensureData();
    for (const line of await ensureFirstKey("first key (npm start)")) console.log(line);
  });
  const config = loadConfig();
  const deps = createDeps(config);
  let writer: LiveWriter | undefined;
  // SIGTERM/SIGINT: the writer finishes its tick and gives the lease back, so another instance writes at once.
  await startServer(config, { deps, onShutdown: async () => writer?.stop() });
  if (args.simulate) writer = simulateInBackground(args, deps);
}

runScript("start", main);
