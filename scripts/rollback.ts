/**
 * Points every data alias back at the previous version (kept by the last rebuild).
 * API keys and bet builders are not versioned and are never touched.
 *
 *   npm run rollback
 */
import { loadConfig } from "../src/config.js";
import { rollback } from "../src/ingest/rebuild.js";
import { createElasticsearchClient } from "../src/store/client.js";
import { indexNames } from "../src/store/index-names.js";
import { runScript } from "./lib/cli.js";

async function main(): Promise<void> {
  const config = loadConfig();
  const es = createElasticsearchClient(config.elasticsearch);
  try {
    const { from, to } = await rollback(es, indexNames(config.indexPrefix), { log: (line) => console.log(line) });
    console.log(`Rolled back from version ${from} to ${to}. Keys and bet builders are untouched.`);
  } finally {
    await es.close();
  }
}

runScript("rollback", main);
