/**
 * bench:search's scenarios: GET /fixtures/search with 1, 3 and 10 where filters plus an order
 * (window 168) on a synthetic index of at least 100,000 fixtures under INDEX_PREFIX (default
 * `bench`; `INDEX_PREFIX=bench npm run rebuild -- --source synthetic --scale 100000`). The raw
 * side sends the very request the service sends for a page it has seen (same builder, a fresh
 * `now` per request, ids and versions only: src/store/versioned-refs.ts; a repeated page's
 * fixtures are all in the presented-JSON cache, so no _mget follows). The service is this
 * checkout's compiled one (or --service-dir's) with a bench key in the prefix's api_keys,
 * revoked at the end. Its own target besides the harness's: service p99 <= 50 ms for 3 where + order.
 */
import { parse } from "node:querystring";
import type { Client } from "@elastic/elasticsearch";
import { fixturesSearchInput } from "../../../src/routes/fixtures-search/schema.js";
import { fixturesSearchRequest } from "../../../src/search/fixtures-search/search-request.js";
import { ApiKeyStore } from "../../../src/store/api-key-store.js";
import { ensurePersistentIndices } from "../../../src/store/ensure-index.js";
import { indexNames, type IndexNames } from "../../../src/store/index-names.js";
import { refsOnly } from "../../../src/store/versioned-refs.js";
import { freePort, serviceEntry, startService } from "../../lib/service.js";
import { targetLine } from "../../lib/target-line.js";
import type { FloorRow, FloorScenario, ScenarioSet, ServiceUnderTest } from "./harness.js";
import type { NodeSend } from "./node-send.js";
import { BROAD_ORDER, BROAD_WHERE } from "../../lib/broad-filters.js";
import { DEFAULT_LIVE_HOURS } from "../../../src/config.js";

const TARGET_P99_MS = 50;
const MIN_FIXTURES = 100_000;
/** (service - stack) CPU ms per request allowed on every search scenario. */
const CPU_LIMIT_MS = 0.5;

const ORDER = BROAD_ORDER;
const WHERE = BROAD_WHERE;
const FILTERS = [1, 3, 10];
const query = (filters: number) => ["window=168", ...WHERE.slice(0, filters), ORDER].join("&");
const nameOf = (filters: number) => `${filters} where + order`;

function scenarios(toNode: NodeSend, node: string, names: IndexNames): FloorScenario[] {
  const headers = { "content-type": "application/json" };
  return FILTERS.map((filters) => {
    const input = fixturesSearchInput({ query: parse(query(filters)) });
    return {
      name: nameOf(filters),
      servicePath: `/fixtures/search?${query(filters)}`,
      // What the client sends the node: the body, and the one URL parameter; a fresh `now` each time.
      raw: () => {
        const { index, allow_partial_search_results, ...body } = refsOnly(fixturesSearchRequest(input, { index: names.fixtures, now: new Date(), liveHours: DEFAULT_LIVE_HOURS }));
        return toNode(`${node}/${String(index)}/_search?allow_partial_search_results=${String(allow_partial_search_results)}`, { method: "POST", headers, body: JSON.stringify(body) });
      },
      cpuLimitMs: CPU_LIMIT_MS,
    };
  });
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toLocaleString("en", { maximumFractionDigits: 0 })} MiB`;

/** Prints the index's size and fails when it holds too few fixtures for the numbers to mean anything. */
async function describeData(es: Client, names: IndexNames): Promise<void> {
  const fixtures = (await es.count({ index: names.fixtures })).count;
  const stats = await es.indices.stats({ index: names.fixtures, metric: ["store", "docs"] });
  const [concrete, indexStats] = Object.entries(stats.indices ?? {})[0] ?? [];
  console.log(`Index ${concrete}: ${fixtures.toLocaleString("en")} fixtures, ` +
    `${(indexStats?.primaries?.docs?.count ?? 0).toLocaleString("en")} Lucene docs with nested entries, ` +
    `${mib(indexStats?.primaries?.store?.size_in_bytes ?? 0)} on disk.`);
  if (fixtures < MIN_FIXTURES) {
    throw new Error(`needs at least ${MIN_FIXTURES.toLocaleString("en")} fixtures under INDEX_PREFIX=${names.prefix}; ` +
      `run: INDEX_PREFIX=${names.prefix} npm run rebuild -- --source synthetic --scale ${MIN_FIXTURES}`);
  }
}

/** The compiled service (this checkout's or `serviceDir`'s) on the prefix, with a bench key revoked at the end. */
async function startSearchService(es: Client, prefix: string, serviceDir: string | undefined): Promise<ServiceUnderTest> {
  const names = indexNames(prefix);
  // An api_keys index from an older release may lack fields a new key carries.
  await ensurePersistentIndices(es, names);
  const keys = new ApiKeyStore(es, names.api_keys);
  const created = await keys.create({ userId: 0, roles: [], label: "bench:search" });
  const revoke = async () => void (await keys.revoke(created.record.id).catch(() => false));
  try {
    const port = await freePort();
    const child = await startService(await serviceEntry(serviceDir), [], { INDEX_PREFIX: prefix, PORT: String(port) }, serviceDir ? { cwd: serviceDir } : {});
    return { url: `http://127.0.0.1:${port}`, key: created.key, child, release: async () => void (child.kill("SIGTERM"), await revoke()) };
  } catch (error) {
    await revoke();
    throw error;
  }
}

function p99Target(rows: readonly FloorRow[]): string[] {
  const three = rows.find((row) => row.scenario.name === nameOf(3));
  return three ? [targetLine("service p99, 3 where + order, window 168:", three.service.p99, "<=", TARGET_P99_MS, " ms", 1)] : [];
}

export function searchScenarioSet(entry: string): ScenarioSet<null> {
  return {
    entry,
    defaults: { connections: 2, duration: 10, rounds: 5, warmup: 2 },
    defaultPrefix: "bench",
    describeData,
    pick: async () => null,
    scenarios: (toNode, node, names) => scenarios(toNode, node, names),
    startService: startSearchService,
    extraTargets: p99Target,
  };
}
