import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Client } from "@elastic/elasticsearch";
import type { FixtureDocument } from "../../src/domain/fixture/fixture-document.js";
import { createApp } from "../../src/app.js";
import { ApiKeyStore, type Role } from "../../src/store/api-key-store.js";
import { loadConfig, type Config } from "../../src/config.js";
import { createDeps } from "../../src/deps.js";
import { createHttpServer } from "../../src/http-server.js";
import type { AppDeps } from "../../src/http/context.js";
import { createLogger } from "../../src/logger.js";
import { ensurePersistentIndices } from "../../src/store/ensure-index.js";
import { readOneFixtureVersioned } from "../../src/store/fixture-reads.js";
import { createVersion, deleteIndicesWithPrefix, finishVersion, newVersion, swapAliases } from "../../src/store/index-versions.js";

/**
 * One isolated service per test file: its own index prefix on the shared node, the
 * real Koa app listening on an ephemeral port, and cleanup that deletes exactly the
 * indices it created (wildcard deletes are refused by the node, by design).
 */
export type TestEnv = {
  deps: AppDeps;
  es: Client;
  config: Config;
  url: string;
  /** Creates a key and returns it; the key works at once. */
  createKey: (input?: { userId?: number; roles?: Role[]; rateLimit?: number | null }) => Promise<string>;
  keyStore: ApiKeyStore;
  get: (path: string, init?: RequestInit & { key?: string | null }) => Promise<Response>;
  /** A fixture document as stored (its `_source`), read straight from the node. */
  storedFixture: (id: number) => Promise<FixtureDocument>;
  close: () => Promise<void>;
};

/**
 * `dataPrefix`: serve the data indices of an existing prefix (the real-data suite's
 * shared rebuild) instead of creating an empty version; keys still get their own.
 * `port`: listen there instead of on an ephemeral port (a service restarted where its clients were).
 */
export async function startTestEnv(overrides: NodeJS.ProcessEnv = {}, options: { dataPrefix?: string; port?: number } = {}): Promise<TestEnv> {
  const prefix = options.dataPrefix ?? `test_${randomBytes(4).toString("hex")}`;
  // No rate limit unless a test asks for one: most tests send bursts far above a customer's rate.
  const config = loadConfig({
    ...process.env,
    INDEX_PREFIX: prefix,
    KEY_CACHE_TTL_MS: "0",
    RATE_LIMIT_PER_SECOND: "0",
    // Admission control stays on, with room for the tests' bursts (200 requests at once); its own test sets tiny limits.
    ADMISSION_MAX_QUEUED: "1000",
    ADMISSION_MAX_WAIT_MS: "30000",
    ...overrides,
  });
  const deps = createDeps(config, createLogger(process.env.TEST_LOG_LEVEL ?? "silent"));
  await ensurePersistentIndices(deps.es, deps.indices);
  if (!options.dataPrefix) {
    // An empty, complete data version, so /ready is 200; files that need data load their own.
    const version = newVersion();
    await createVersion(deps.es, deps.indices, version);
    await finishVersion(deps.es, deps.indices, version);
    await swapAliases(deps.es, deps.indices, version);
  }
  const keyStore = new ApiKeyStore(deps.es, deps.indices.api_keys);
  const server = await listen(createHttpServer(createApp(deps).callback(), { instanceId: config.instanceId }), options.port ?? 0);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let defaultKey: string | undefined;

  const createKey: TestEnv["createKey"] = async (input = {}) =>
    (await keyStore.create({ userId: input.userId ?? 1, roles: input.roles ?? [], rateLimit: input.rateLimit ?? null })).key;

  return {
    deps,
    es: deps.es,
    config,
    url,
    keyStore,
    createKey,
    async get(path, init = {}) {
      const { key, headers, ...rest } = init;
      const resolvedKey = key === undefined ? (defaultKey ??= await createKey()) : key;
      const allHeaders = new Headers(headers);
      if (resolvedKey !== null && !allHeaders.has("Authorization")) allHeaders.set("X-API-Key", resolvedKey);
      return fetch(url + path, { ...rest, headers: allHeaders });
    },
    async storedFixture(id) {
      // From the live part or history, wherever the fixture is.
      const found = await readOneFixtureVersioned<FixtureDocument>(deps.es, deps.indices, String(id));
      if (!found) throw new Error(`Fixture ${id} is in neither ${deps.indices.fixtures} nor ${deps.indices.fixtures_history}`);
      return found.stored.doc;
    },
    async close() {
      deps.streams.close();
      // Connections go at once, as in a process that exits: a client that reconnects at once
      // (a live result set) would otherwise keep a keep-alive socket, and close(), busy forever.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      // A shared data prefix belongs to the suite's setup, which deletes it at the end.
      if (!options.dataPrefix) await deleteIndicesWithPrefix(deps.es, prefix);
      await deps.es.close();
      await deps.sharedState?.close();
    },
  };
}

async function listen(server: Server, port: number): Promise<Server> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return server;
}
