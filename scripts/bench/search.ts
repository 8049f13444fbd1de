/**
 * `npm run bench:search [-- --connections 2 --duration 10 --rounds 5 --warmup 2 --service-dir DIR]`: GET /fixtures/search
 * with 1, 3 and 10 where filters plus an order (window 168), each measured through the
 * service and straight against the node, in one run, with the same concurrency. The raw
 * side sends the very request the service sends for a page it has seen (same builder, a
 * fresh `now` per request, ids and versions only: src/store/versioned-refs.ts; a repeated
 * page's fixtures are all in the presented-JSON cache, so no _mget follows).
 *
 * Reads the data under INDEX_PREFIX (default `bench`; build it with
 * `INDEX_PREFIX=bench npm run rebuild -- --source synthetic --scale 100000`). The service
 * runs as a child process, as in production; the only write is a bench API key, revoked
 * at the end. Service, the two floors and node alternate in slices of one run (`rotate`).
 * Prints p50/p99 per target, the ratios and the targets (service/floor p50 <= 1.10 for each
 * scenario; service p99 <= 50 ms for 3 where + order).
 *
 * The floors (`floor-server.ts`, this file with --floor) make the service's Elasticsearch
 * request and answer the service's own bytes: the bare floor with node:http and nothing
 * else, so floor/raw is what this machine charges for the extra hop alone; the stack floor
 * with koa, @koa/router and the Elasticsearch client the service must be built on, so
 * stack/floor is what that stack costs and service/stack what our own code adds. Beside the
 * latencies, CPU ms per request of the service, the floors and the local node(s), from /proc
 * over each target's slices (`target-cpu.ts`). The service and floor children run with
 * production's V8 flags and malloc settings (SERVICE_NODE_ARGS replaces the flags, e.g. to add
 * --cpu-prof); --service-dir DIR runs DIR's src/server.ts (another checkout) for before/after.
 */
import type { ChildProcess } from "node:child_process";
import { availableParallelism } from "node:os";
import { parse } from "node:querystring";
import type { Client, estypes } from "@elastic/elasticsearch";
import { ApiKeyStore } from "../../src/store/api-key-store.js";
import { loadConfig } from "../../src/config.js";
import { fileURLToPath } from "node:url";
import { send } from "../lib/http-send.js";
import { closedLoopFor, okWhen200, type Attempt } from "../lib/load-driver.js";
import { freePort, serviceEntry, startService } from "../lib/service.js";
import { refsOnly } from "../../src/store/versioned-refs.js";
import { floorKind, floorNodeSend, serveFloor, startFloors } from "./floor/floor-server.js";
import { parseRunOptions, rotate, TARGET_NAMES, type Measured, type RunOptions, type TargetName } from "./floor/side-by-side.js";
import { cpuText, TargetCpuMeter, type TargetPids } from "./floor/target-cpu.js";
import { localNodePids } from "../lib/es-pids.js";
import { fixturesSearchInput } from "../../src/routes/fixtures-search/schema.js";
import { fixturesSearchRequest } from "../../src/search/fixtures-search/search-request.js";
import { ensurePersistentIndices } from "../../src/store/ensure-index.js";
import { createElasticsearchClient } from "../../src/store/client.js";
import { indexNames } from "../../src/store/index-names.js";

/** What the service's own code may add to the floor's latency (issue 18). */
const TARGET_RATIO = 1.1;
const TARGET_P99_MS = 50;
const MIN_FIXTURES = 100_000;

/** Broad ranges on pre-match metrics, so every page is full and the order has work to do. */
const ORDER = "order[PREDICTION_GL_CONFIDENCE]=DESC";
const WHERE = [
  "where[OVERALL_GOALS_SCORED]=1000:2000",
  "where[PREDICTION_OVER_2_5_PROBABILITY]=30:80",
  "where[PREDICTION_EXPECTED_GOALS]=50:300:HOME",
  "where[HOME_CORNERS_SCORED]=3000:7000",
  "where[AWAY_YELLOWCARDS_SCORED]=1000:3000",
  "where[PREDICTION_BTTS_PROBABILITY]=20:80",
  "where[SMART_MONEY_HOME_PERCENT]=0:100",
  "where[TEAM_GOALS_CLASSIFICATION]=1:3:AWAY",
  "where[HOME_GOALS_ATTACK_POWER]=0:100:HOME",
  "where[OVERALL_SHOTS_ON_TARGET_SCORED]=2000:6000",
];
const SCENARIOS = [1, 3, 10].map((filters) => ({
  name: `${filters} where + order`,
  filters,
  query: ["window=168", ...WHERE.slice(0, filters), ORDER].join("&"),
}));


/** The builder input the service derives from a scenario's query string. */
function scenarioInput(queryString: string) {
  return fixturesSearchInput({ query: parse(queryString) });
}

/** What the client sends the node for a scenario: the body, and the one URL parameter. */
function rawRequest(input: ReturnType<typeof scenarioInput>, index: string, now: Date) {
  const { index: target, allow_partial_search_results, ...body } = refsOnly(fixturesSearchRequest(input, { index, now }));
  return { path: `/${String(target)}/_search?allow_partial_search_results=${String(allow_partial_search_results)}`, body };
}

/** --floor: a floor server (see `floor-server.ts`, FLOOR_KIND) for every scenario, on `/floor/<n>`. */
async function serveFloorMode(): Promise<void> {
  const config = loadConfig({ ...process.env, INDEX_PREFIX: process.env.INDEX_PREFIX ?? "bench" });
  const index = indexNames(config.indexPrefix).fixtures;
  const node = config.elasticsearch.nodes[0]!;
  const kind = floorKind();
  const toNode = floorNodeSend(kind, config.elasticsearch);
  const headers = { "content-type": "application/json" };
  await serveFloor(
    SCENARIOS.map((scenario, n) => {
      const input = scenarioInput(scenario.query);
      return {
        path: `/floor/${n}`,
        serviceUrl: `${process.env.FLOOR_SERVICE_URL}/fixtures/search?${scenario.query}`,
        roundTrips: () => {
          const { path, body } = rawRequest(input, index, new Date());
          return toNode(node + path, { method: "POST", headers, body: JSON.stringify(body) });
        },
      };
    }),
    process.env.FLOOR_API_KEY ?? "",
    kind,
  );
}

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toLocaleString("en", { maximumFractionDigits: 0 })} MiB`;
}

type Row = { name: string; filters: number } & Record<TargetName, Measured>;
/** Where a scenario's requests go: the service, the two floors and the node, and what they need. */
type Endpoints = { serviceUrl: string; stackUrl: string; floorUrl: string; node: string; index: string; apiKey: string };

async function main(): Promise<void> {
  if (process.argv.includes("--floor")) return serveFloorMode();
  const options = parseRunOptions({ connections: 2, duration: 10, rounds: 5, warmup: 2 });
  const prefix = process.env.INDEX_PREFIX ?? "bench";
  const config = loadConfig({ ...process.env, INDEX_PREFIX: prefix });
  const es = createElasticsearchClient(config.elasticsearch);
  const names = indexNames(prefix);
  const node = config.elasticsearch.nodes[0]!;
  let service: ChildProcess | undefined;
  const floorServers: ChildProcess[] = [];
  let keyId: string | undefined;
  const keys = new ApiKeyStore(es, names.api_keys);
  try {
    await describeIndex(es, names.fixtures, prefix);

    // An api_keys index from an older release may lack fields a new key carries.
    await ensurePersistentIndices(es, names);
    const created = await keys.create({ userId: 0, roles: [], label: "bench:search" });
    keyId = created.record.id;
    const port = await freePort();
    // The compiled service of this checkout, or --service-dir's.
    service = await startService(await serviceEntry(options.serviceDir), [], { INDEX_PREFIX: prefix, PORT: String(port) }, {
      ...(options.serviceDir ? { cwd: options.serviceDir } : {}),
    });
    const serviceUrl = `http://127.0.0.1:${port}`;
    const floorEnv = { INDEX_PREFIX: prefix, serviceUrl, apiKey: created.key };
    const { stack, floor } = await startFloors(fileURLToPath(import.meta.url), floorEnv);
    floorServers.push(stack.child, floor.child);
    const [stackUrl, floorUrl] = [stack.url, floor.url];
    const pids: TargetPids = { service: service.pid ?? 0, stack: stack.child.pid ?? 0, floor: floor.child.pid ?? 0, nodes: await localNodePids(es) };
    console.log(`Service on ${serviceUrl}${options.serviceDir ? ` (from ${options.serviceDir})` : ""}, stack floor on ${stackUrl}, ` +
      `bare floor on ${floorUrl}, node ${node}; ` +
      `${options.connections} connections, ${options.warmup} s warm-up, ` +
      `then ${options.duration} s per target in ${options.rounds} rotating slices.\n`);

    const endpoints: Endpoints = { serviceUrl, stackUrl, floorUrl, node, index: names.fixtures, apiKey: created.key };
    const rows: Row[] = [];
    for (const [n, scenario] of SCENARIOS.entries()) rows.push(await measureScenario(scenario, n, endpoints, options, new TargetCpuMeter(pids)));
    printResults(rows);
  } finally {
    for (const child of floorServers) child.kill("SIGTERM");
    service?.kill("SIGTERM");
    if (keyId) await keys.revoke(keyId).catch(() => false);
    await es.close();
  }
}

/** Prints the index's size and fails when it holds too few fixtures for the numbers to mean anything. */
async function describeIndex(es: Client, index: string, prefix: string): Promise<void> {
  const fixtures = (await es.count({ index })).count;
  const stats = await es.indices.stats({ index, metric: ["store", "docs"] });
  const [concrete, indexStats] = Object.entries(stats.indices ?? {})[0] ?? [];
  console.log(`Machine: ${availableParallelism()} cores. Index ${concrete}: ${fixtures.toLocaleString("en")} fixtures, ` +
    `${(indexStats?.primaries?.docs?.count ?? 0).toLocaleString("en")} Lucene docs with nested entries, ` +
    `${mib(indexStats?.primaries?.store?.size_in_bytes ?? 0)} on disk.`);
  if (fixtures < MIN_FIXTURES) {
    throw new Error(`needs at least ${MIN_FIXTURES.toLocaleString("en")} fixtures under INDEX_PREFIX=${prefix}; ` +
      `run: INDEX_PREFIX=${prefix} npm run rebuild -- --source synthetic --scale ${MIN_FIXTURES}`);
  }
}

/** One scenario: checks that service and node agree, warms every target up, then measures them in rotation. */
async function measureScenario(
  scenario: (typeof SCENARIOS)[number],
  n: number,
  endpoints: Endpoints,
  options: RunOptions,
  meter: TargetCpuMeter,
): Promise<Row> {
  const { serviceUrl, stackUrl, floorUrl, node, index, apiKey } = endpoints;
  const input = scenarioInput(scenario.query);
  const raw = (now: Date) => rawRequest(input, index, now);
  const path = `/fixtures/search?${scenario.query}`;
  const headers = { "x-api-key": apiKey };

  // Both sides answer the same fixtures, or the comparison means nothing.
  const checked = await fetch(serviceUrl + path, { headers });
  if (!checked.ok) throw new Error(`${scenario.name}: the service answered ${checked.status} ${await checked.text()}`);
  const check = (await checked.json()) as { fixtures: Array<{ id: number }> };
  const direct = raw(new Date());
  const rawCheck = (await (
    await fetch(node + direct.path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(direct.body) })
  ).json()) as estypes.SearchResponse;
  const rawIds = rawCheck.hits.hits.map((hit) => Number(hit._id));
  if (JSON.stringify(rawIds) !== JSON.stringify(check.fixtures.map((f) => f.id)) || rawIds.length === 0) {
    throw new Error(`${scenario.name}: service and node disagree or find nothing`);
  }

  const get = (url: string, headers: Record<string, string> = {}): Attempt => async (agent) => okWhen200(await send(agent, url, { headers }));
  const targets: Record<TargetName, Attempt> = {
    service: get(serviceUrl + path, headers),
    stack: get(`${stackUrl}/floor/${n}`),
    floor: get(`${floorUrl}/floor/${n}`),
    // A fresh `now` per request, as the service builds it.
    raw: async (agent) => okWhen200(await send(agent, node + direct.path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(raw(new Date()).body) })),
  };
  const c = options.connections;
  for (const target of TARGET_NAMES) await closedLoopFor(targets[target], c, options.warmup, [], `warm-up ${target}`);
  const measured = await rotate(options.rounds, meter, (target, latencies) =>
    closedLoopFor(targets[target], c, options.duration / options.rounds, latencies, `${scenario.name} ${target}`),
  );
  console.log(`${scenario.name}: ${rawIds.length} fixtures per page, ` +
    `${TARGET_NAMES.map((target) => `${measured[target].samples} ${target}`).join(", ")} requests`);
  console.log(`  ${cpuText(measured)}`);
  return { name: scenario.name, filters: scenario.filters, ...measured };
}

/** The table of every target's numbers, the ratios and the targets met or not. */
function printResults(rows: readonly Row[]): void {
  console.log("");
  console.log("scenario (window 168)    target     req/s   p50 ms   p99 ms   p50 ratio   p99 ratio");
  for (const row of rows) {
    const line = (target: string, m: Measured, extra = "") =>
      `${row.name.padEnd(24)} ${target.padEnd(8)} ${m.rps.toFixed(0).padStart(7)} ${m.p50.toFixed(2).padStart(8)} ${m.p99.toFixed(2).padStart(8)}${extra}`;
    const ratios = (m: Measured) => `${(m.p50 / row.raw.p50).toFixed(2).padStart(12)}${(m.p99 / row.raw.p99).toFixed(2).padStart(12)}`;
    console.log(line("service", row.service, ratios(row.service)));
    console.log(line("stack", row.stack, ratios(row.stack)));
    console.log(line("floor", row.floor, ratios(row.floor)));
    console.log(line("raw", row.raw));
  }
  console.log("");
  for (const row of rows) console.log(`${row.name.padEnd(24)} ${cpuText(row)}`);
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
  const three = rows.find((row) => row.filters === 3)!;
  console.log("");
  console.log(`service/raw p50 ratio: median ${median(rows.map((row) => row.service.p50 / row.raw.p50)).toFixed(2)} (no target: the floor alone is above raw)`);
  console.log(`floor/raw p50 ratio: median ${median(rows.map((row) => row.floor.p50 / row.raw.p50)).toFixed(2)} ` +
    "(the extra hop alone: the service's requests and bytes, nothing between)");
  const ratios = (over: (row: Row) => number) => rows.map((row) => over(row).toFixed(2)).join(", ");
  console.log(`stack/floor p50 ratio (koa, @koa/router and the Elasticsearch client alone, before any code of ours): ${ratios((row) => row.stack.p50 / row.floor.p50)}`);
  console.log(`service/stack p50 ratio (what our own code adds to that stack): ${ratios((row) => row.service.p50 / row.stack.p50)}`);
  const worst = Math.max(...rows.map((row) => row.service.p50 / row.floor.p50));
  console.log(`service/floor p50 ratio (the stack and our code together): ${ratios((row) => row.service.p50 / row.floor.p50)} ` +
    `(target: each <= ${TARGET_RATIO}) ${worst <= TARGET_RATIO ? "PASS" : "FAIL"}`);
  console.log(`service p99, 3 where + order, window 168: ${three.service.p99.toFixed(1)} ms (target <= ${TARGET_P99_MS}) ` +
    `${three.service.p99 <= TARGET_P99_MS ? "PASS" : "FAIL"}`);
}

main().catch((error: unknown) => {
  console.error(`bench:search failed: ${(error as Error).message ?? error}`);
  process.exit(1);
});
