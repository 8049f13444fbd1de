import { ApiKeyStore } from "./auth/api-key-store.js";
import { KeyCache } from "./auth/key-cache.js";
import type { Config } from "./config.js";
import type { AppDeps } from "./http/context.js";
import { createLogger, type Logger } from "./logger.js";
import { createElasticsearchClient } from "./store/client.js";
import { indexNames } from "./store/index-names.js";

/** Wires the process-wide dependencies once: one client, one logger, one key cache. */
export function createDeps(config: Config, logger: Logger = createLogger(config.logLevel)): AppDeps {
  const es = createElasticsearchClient(config.elasticsearch);
  const indices = indexNames(config.indexPrefix);
  const keys = new KeyCache(new ApiKeyStore(es, indices.api_keys), config.keyCacheTtlMs);
  return { config, es, logger, indices, keys };
}
