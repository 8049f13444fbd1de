/**
 * Moves the fixtures settled more than FIXTURES_LIVE_HOURS ago from the live part to history
 * (src/ingest/move-settled.ts): nightly from cron, or on demand. Zero downtime; waits for a
 * running rebuild, rollback or move.
 *
 *   npm run move-settled
 */
import { loadConfig } from "../src/config.js";
import { moveSettled } from "../src/ingest/move-settled.js";
import { createElasticsearchClient } from "../src/store/client.js";
import { indexNames } from "../src/store/index-names.js";
import { runScript } from "./lib/cli.js";

async function main(): Promise<void> {
  const config = loadConfig();
  const es = createElasticsearchClient(config.elasticsearch);
  try {
    const report = await moveSettled(es, indexNames(config.indexPrefix), { layout: config.indexLayout, log: (line) => console.log(line) });
    console.log(
      `Version ${report.version}, live part generation ${report.generation}: ${report.moved.toLocaleString("en")} fixtures moved to history, ` +
        `${report.kept.toLocaleString("en")} live, ${report.carriedOver} carried over, ${report.seconds.toFixed(1)} s.`,
    );
  } finally {
    await es.close();
  }
}

runScript("move-settled", main);
