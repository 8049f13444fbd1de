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
 *     `--no-simulate` serves the data as it is.
 */
import { ensureElasticsearch, isReachable } from "./es/provision.js";
import { ensureData, ensureFirstKey, whileHoldingStartupLease } from "./lib/prepare-data.js";
import { loadConfig } from "../src/config.js";
import { createElasticsearchClient } from "../src/store/client.js";
import { indexNames } from "../src/store/index-names.js";
import { startServer } from "../src/server.js";
import { parseSimulatorArgs, type SimulatorArgs } from "../src/live/simulator-args.js";
import { LiveSimulator } from "../src/live/simulator.js";

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

/** Runs until the process ends; a failing tick is logged and the next one tries again. */
function simulateInBackground(args: SimulatorArgs): void {
  const config = loadConfig();
  const simulator = new LiveSimulator(createElasticsearchClient(config.elasticsearch), indexNames(config.indexPrefix), {
    speed: args.speed,
    tickMs: args.tickMs,
    log: (line) => console.log(`[simulate] ${line}`),
  });
  console.log(`[simulate] moving the live slate at ${args.speed}x real time`);
  simulator.run().catch((error: unknown) => console.error(`[simulate] stopped: ${(error as Error).message}`));
}

async function main(): Promise<void> {
  const args = parseSimulatorArgs(process.argv.slice(2), { simulateByDefault: true });
  await ensureNode();
  await whileHoldingStartupLease(async () => {
    await ensureData();
    for (const line of await ensureFirstKey("first key (npm start)")) console.log(line);
  });
  await startServer(loadConfig());
  if (args.simulate) simulateInBackground(args);
}

main().catch((error: unknown) => {
  console.error(`npm start failed: ${(error as Error).message ?? error}`);
  process.exit(1);
});
