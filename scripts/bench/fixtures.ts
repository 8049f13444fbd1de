/**
 * `npm run bench:fixtures [-- --connections 4 --duration 10 --rounds 5 --warmup 3 --service-dir DIR]`:
 * GET /fixtures and GET /livescores on the real data through the service, the stack floor, the
 * bare floor and straight against the node, in rotating slices of one run: the floor harness
 * (floor/harness.ts) with the fixtures scenarios (floor/fixtures-scenarios.ts). This file is
 * also the floor children's entry (--floor) and the service's (--serve).
 */
import { once } from "node:events";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { createApp } from "../../src/app.js";
import { KeyCache } from "../../src/auth/key-cache.js";
import { loadConfig } from "../../src/config.js";
import { createDeps } from "../../src/deps.js";
import { ApiKeyStore } from "../../src/store/api-key-store.js";
import { runScript } from "../lib/cli.js";
import { fixturesScenarioSet } from "./floor/fixtures-scenarios.js";
import { runFloorBench } from "./floor/harness.js";

/** --serve: the production app on the data of INDEX_PREFIX, with keys from BENCH_KEYS_ALIAS. */
async function serve(): Promise<void> {
  const config = loadConfig();
  const deps = createDeps(config);
  const keysAlias = process.env.BENCH_KEYS_ALIAS;
  if (!keysAlias) throw new Error("--serve needs BENCH_KEYS_ALIAS");
  deps.indices.api_keys = keysAlias;
  deps.keys = new KeyCache(new ApiKeyStore(deps.es, keysAlias), config.keyCacheTtlMs);
  const server = createServer(createApp(deps).callback());
  server.keepAliveTimeout = 65_000;
  server.listen(config.port, config.host);
  await once(server, "listening");
  // An orderly exit on the bench's SIGTERM, so that a --cpu-prof in SERVICE_NODE_ARGS writes its profile.
  process.once("SIGTERM", () => process.exit(0));
}

runScript("bench:fixtures", () => (process.argv.includes("--serve") ? serve() : runFloorBench(fixturesScenarioSet(fileURLToPath(import.meta.url)))));
