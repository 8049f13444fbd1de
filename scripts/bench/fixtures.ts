/**
 * `npm run bench:fixtures [-- --connections 4 --duration 10 --rounds 5 --warmup 3 --service-dir DIR]`: GET /fixtures
 * and GET /livescores on the real data, each measured through the service, through the two
 * floors and straight against the node with the same concurrency, in rotating slices of one run:
 *   1. a date page (25 fixtures) with include=odds,statistics,metrics;
 *   2. a list of 10 fixture ids with include=last_fixtures,trends (a search, then one _msearch);
 *   3. /livescores with include=odds,statistics,metrics.
 * The raw side sends the very requests the service sends for a page it has seen (same
 * builders; ids, versions and the doc-value fields the routes read, src/store/versioned-refs.ts;
 * the msearch built from the search's own hits): a repeated page's fixtures are all in the
 * presented-JSON cache, so no _mget follows. service/floor is then the service's own cost:
 * auth, validation, the cache, assembling the body, compression off, the log line.
 *
 * The floors (`floor-server.ts`, this file with --floor) make the same node requests and
 * answer the service's own bytes: the bare floor with node:http and nothing in between, so
 * floor/raw is what the extra hop and the larger response cost on this machine whatever the
 * code; the stack floor with koa, @koa/router and the Elasticsearch client the service must
 * be built on, so stack/floor is that stack's cost and service/stack our own code's. Beside
 * the latencies, CPU ms per request of the service, the floors and the local node(s), from
 * /proc over each target's slices (`target-cpu.ts`).
 *
 * Reads the data under INDEX_PREFIX (default `sfd`) and writes nothing there: the service
 * runs as a child process (this file with --serve: the production app, with its API keys
 * read from an index of the bench's own, deleted at the end). To measure a service that is
 * already running, set BENCH_URL and BENCH_API_KEY. The child runs with production's V8 flags
 * and malloc settings (SERVICE_NODE_ARGS replaces the flags, e.g. to add --cpu-prof);
 * --service-dir DIR runs DIR's own service (another checkout) instead, for before/after.
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { Agent, createServer as createHttpServer } from "node:http";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Client, estypes } from "@elastic/elasticsearch";
import { createApp } from "../../src/app.js";
import { ApiKeyStore } from "../../src/store/api-key-store.js";
import { KeyCache } from "../../src/auth/key-cache.js";
import { loadConfig } from "../../src/config.js";
import { localNodePids } from "../lib/es-pids.js";
import { send } from "../lib/http-send.js";
import { closedLoopFor, okWhen200, type Attempt } from "../lib/load-driver.js";
import { freePort, startService } from "../lib/service.js";
import { floorKind, floorNodeSend, serveFloor, startFloors } from "./floor/floor-server.js";
import { bareNodeSend, replyJson, type NodeReply, type NodeSend } from "./floor/node-send.js";
import { parseRunOptions, rotate, TARGET_NAMES, type Measured, type RunOptions, type TargetName } from "./floor/side-by-side.js";
import { cpuText, TargetCpuMeter, type TargetPids } from "./floor/target-cpu.js";
import { createDeps } from "../../src/deps.js";
import { pageWindow } from "../../src/http/page-params.js";
import { dateSelection } from "../../src/routes/fixtures/date-selection.js";
import { buildFixturesSearch } from "../../src/search/fixture-list/fixtures-query.js";
import { buildLastFixturesSearches } from "../../src/search/fixture-list/last-fixtures-query.js";
import { buildLivescoresSearch } from "../../src/search/fixture-list/livescores-query.js";
import { createElasticsearchClient } from "../../src/store/client.js";
import { ensureAliasedIndex } from "../../src/store/ensure-index.js";
import { indexNames, versionedIndexName } from "../../src/store/index-names.js";
import { refsOnly } from "../../src/store/versioned-refs.js";
import { refTarget, TARGET_FIELDS } from "../../src/routes/fixtures/last-fixtures.js";

/** What the service's own code may add to the floor's latency (issue 18). */
const TARGET_RATIO = 1.1;
const PER_PAGE = 25;
const ID_LIST_LENGTH = 10;
const DAY_MS = 86_400_000;

type Scenario = { name: string; servicePath: string; raw: () => Promise<NodeReply>; ids: (raw: NodeReply) => Promise<number[]> };

// ---------------------------------------------------------------- the service

/** --serve: the production app on the data of INDEX_PREFIX, with keys from BENCH_KEYS_ALIAS. */
async function serve(): Promise<void> {
  const config = loadConfig();
  const deps = createDeps(config);
  const keysAlias = process.env.BENCH_KEYS_ALIAS;
  if (!keysAlias) throw new Error("--serve needs BENCH_KEYS_ALIAS");
  deps.indices.api_keys = keysAlias;
  deps.keys = new KeyCache(new ApiKeyStore(deps.es, keysAlias), config.keyCacheTtlMs);
  const server = createHttpServer(createApp(deps).callback());
  server.keepAliveTimeout = 65_000;
  server.listen(config.port, config.host);
  await once(server, "listening");
  // An orderly exit on the bench's SIGTERM, so that a --cpu-prof in SERVICE_NODE_ARGS writes its profile.
  process.once("SIGTERM", () => process.exit(0));
}

// ---------------------------------------------------------------- scenarios

/** Today (UTC) when it has a full page, else the busiest day within a week of it. */
async function busiestDay(es: Client, index: string, now: Date): Promise<string> {
  const response = await es.search({
    index,
    size: 0,
    query: { range: { date_time: { gte: new Date(now.getTime() - 7 * DAY_MS).toISOString(), lt: new Date(now.getTime() + 7 * DAY_MS).toISOString() } } },
    aggs: { days: { date_histogram: { field: "date_time", calendar_interval: "day" } } },
  });
  const buckets = (response.aggregations?.days as estypes.AggregationsDateHistogramAggregate | undefined)?.buckets;
  const days = (Array.isArray(buckets) ? buckets : []).map((b) => ({ day: String(b.key_as_string).slice(0, 10), count: b.doc_count }));
  const today = now.toISOString().slice(0, 10);
  const chosen = days.find((d) => d.day === today && d.count >= PER_PAGE) ?? days.sort((a, b) => b.count - a.count)[0];
  if (!chosen) throw new Error("no fixtures within a week of today");
  return chosen.day;
}

async function recentFinishedIds(es: Client, index: string, now: Date): Promise<number[]> {
  const response = await es.search<{ id: number }>({
    index,
    size: ID_LIST_LENGTH,
    _source: ["id"],
    query: { bool: { filter: [{ term: { status: "FT" } }, { range: { date_time: { lt: now.toISOString() } } }] } },
    sort: [{ date_time: "desc" }],
  });
  return response.hits.hits.map((hit) => hit._source!.id);
}

function rawSearch(toNode: NodeSend, node: string, request: estypes.SearchRequest, docvalueFields: readonly string[] = []): () => Promise<NodeReply> {
  // What a client sends: the body, and allow_partial_search_results as the URL parameter it is.
  const { index, allow_partial_search_results, ...body } = refsOnly(request, docvalueFields);
  const url = `${node}/${String(index)}/_search?allow_partial_search_results=${String(allow_partial_search_results)}`;
  const text = JSON.stringify(body);
  return () => toNode(url, { method: "POST", headers: { "content-type": "application/json" }, body: text });
}

function hitIds(reply: NodeReply): number[] {
  return replyJson<estypes.SearchResponse>(reply).hits.hits.map((hit) => Number(hit._id));
}

/** What the scenarios are about: the day of the date page and the ids of the id list. */
type Picks = { day: string; ids: number[] };

async function pick(es: Client, index: string): Promise<Picks> {
  const now = new Date();
  return { day: await busiestDay(es, index, now), ids: await recentFinishedIds(es, index, now) };
}

/** The scenarios, their node requests sent with `toNode` (the raw side and the bare floor: bare; the stack floor: the client). */
function scenarios(toNode: NodeSend, node: string, index: string, { day, ids }: Picks): Scenario[] {
  const now = new Date();
  const rich = new Set(["odds", "statistics", "metrics"]);
  const form = new Set(["last_fixtures", "trends"]);

  const datePage = rawSearch(toNode, node, buildFixturesSearch({
    index,
    selection: { sportId: 1, dates: dateSelection({ date: day }, now) },
    order: "asc",
    window: pageWindow(1, PER_PAGE),
    includes: rich,
  }), ["status"]);
  const idSearch = rawSearch(toNode, node, buildFixturesSearch({
    index,
    selection: { sportId: 1, fixtureIds: ids },
    order: "asc",
    window: pageWindow(1, PER_PAGE),
    includes: form,
  }), ["status", ...TARGET_FIELDS]);
  // The service's two steps: the page, then one _msearch built from its hits.
  const idsWithForm = async (): Promise<NodeReply> => {
    const page = await idSearch();
    const hits = replyJson<estypes.SearchResponse>(page).hits.hits;
    const targets = hits.map((hit) => refTarget({ index: hit._index, id: hit._id ?? "", version: "", fields: (hit.fields ?? {}) as Record<string, unknown[]> }));
    const { searches = [] } = buildLastFixturesSearches(index, targets);
    const ndjson = searches.map((line, i) => JSON.stringify(i % 2 === 1 ? refsOnly(line as estypes.SearchSearchRequestBody) : line)).join("\n") + "\n";
    const form = await toNode(`${node}/_msearch`, { method: "POST", headers: { "content-type": "application/x-ndjson" }, body: ndjson });
    return form.status === 200 ? { ...page, status: 200 } : form;
  };
  const live = rawSearch(toNode, node, buildLivescoresSearch({ index, sportId: 1, includes: rich }));

  return [
    { name: `date page ${day}, odds+statistics+metrics`, servicePath: `/fixtures?date=${day}&include=odds,statistics,metrics`, raw: datePage, ids: async (r) => hitIds(r).slice(0, PER_PAGE) },
    { name: `${ids.length} fixture ids, last_fixtures+trends`, servicePath: `/fixtures?fixture_id=${ids.join(",")}&include=last_fixtures,trends`, raw: idsWithForm, ids: async (r) => hitIds(r) },
    { name: "livescores, odds+statistics+metrics", servicePath: "/livescores?include=odds,statistics,metrics", raw: live, ids: async (r) => hitIds(r) },
  ];
}

/** --floor: a floor server (see `floor-server.ts`, FLOOR_KIND) for every scenario, on `/floor/<n>`. */
async function serveFloorMode(): Promise<void> {
  const config = loadConfig();
  const picks = JSON.parse(process.env.FLOOR_PICKS ?? "") as Picks;
  const kind = floorKind();
  const toNode = floorNodeSend(kind, config.elasticsearch);
  const list = scenarios(toNode, config.elasticsearch.nodes[0]!, indexNames(config.indexPrefix).fixtures, picks);
  await serveFloor(
    list.map((scenario, n) => ({ path: `/floor/${n}`, serviceUrl: `${process.env.FLOOR_SERVICE_URL}${scenario.servicePath}`, roundTrips: scenario.raw })),
    process.env.FLOOR_API_KEY ?? "",
    kind,
  );
}

// ---------------------------------------------------------------- report

const ms = (value: number) => `${value.toFixed(1)} ms`;
const pad = (text: string, width: number) => text.padEnd(width);

type Row = { scenario: Scenario; serviceBytes: number; rawBytes: number } & Record<TargetName, Measured>;
/** What main() must stop or delete at the end, whatever step failed. */
type Running = { service?: ChildProcess; floorServers: ChildProcess[]; keysAlias?: string };

async function main(): Promise<void> {
  if (process.argv.includes("--serve")) return serve();
  if (process.argv.includes("--floor")) return serveFloorMode();
  const options = parseRunOptions({ connections: 4, duration: 10, rounds: 5, warmup: 3 });
  const prefix = process.env.INDEX_PREFIX ?? "sfd";
  const config = loadConfig({ ...process.env, INDEX_PREFIX: prefix });
  const es = createElasticsearchClient(config.elasticsearch);
  const names = indexNames(prefix);
  const node = config.elasticsearch.nodes[0]!;
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections * 2 });
  const running: Running = { floorServers: [] };
  try {
    const fixtures = (await es.count({ index: names.fixtures })).count;
    console.log(`Machine: ${availableParallelism()} cores. ${names.fixtures}: ${fixtures.toLocaleString("en")} fixtures.`);

    const { serviceUrl, key } = await serviceUnderTest(es, prefix, running, options.serviceDir);
    const picks = await pick(es, names.fixtures);
    const floorEnv = { INDEX_PREFIX: prefix, serviceUrl, apiKey: key, FLOOR_PICKS: JSON.stringify(picks) };
    const { stack, floor } = await startFloors(fileURLToPath(import.meta.url), floorEnv);
    running.floorServers.push(stack.child, floor.child);
    console.log(`Service ${serviceUrl}${options.serviceDir ? ` (from ${options.serviceDir})` : ""}, stack floor ${stack.url}, bare floor ${floor.url}, ` +
      `node ${node}; ${options.connections} connections, ${options.warmup} s warm-up + ${options.duration} s per target in ${options.rounds} rotating slices.\n`);
    const pids: TargetPids = { service: running.service?.pid ?? 0, stack: stack.child.pid ?? 0, floor: floor.child.pid ?? 0, nodes: await localNodePids(es) };

    const rows: Row[] = [];
    for (const [n, scenario] of scenarios(bareNodeSend(agent), node, names.fixtures, picks).entries()) {
      const operations: Record<TargetName, () => Promise<NodeReply>> = {
        service: () => send(agent, serviceUrl + scenario.servicePath, { headers: { "x-api-key": key } }),
        stack: () => send(agent, `${stack.url}/floor/${n}`),
        floor: () => send(agent, `${floor.url}/floor/${n}`),
        raw: scenario.raw,
      };
      rows.push(await measureScenario(scenario, operations, options, new TargetCpuMeter(pids)));
    }
    printSummary(rows);
  } finally {
    agent.destroy();
    for (const child of running.floorServers) child.kill();
    running.service?.kill();
    if (running.keysAlias) {
      await es.indices.delete({ index: versionedIndexName(running.keysAlias, 1) }, { ignore: [404] }).catch(() => {});
    }
    await es.close();
  }
}

/**
 * BENCH_URL and BENCH_API_KEY when given (its CPU is then not read); else this file with --serve
 * (of `serviceDir`'s checkout when given), with a key in an index of its own.
 */
async function serviceUnderTest(es: Client, prefix: string, running: Running, serviceDir?: string): Promise<{ serviceUrl: string; key: string }> {
  const url = process.env.BENCH_URL;
  const apiKey = process.env.BENCH_API_KEY;
  if (url && apiKey) return { serviceUrl: url, key: apiKey };
  const keysAlias = `bench_fixtures_${randomBytes(4).toString("hex")}_api_keys`;
  running.keysAlias = keysAlias;
  await ensureAliasedIndex(es, "api_keys", keysAlias);
  const key = (await new ApiKeyStore(es, keysAlias).create({ userId: 0, roles: [], label: "bench:fixtures" })).key;
  const port = await freePort();
  const entry = serviceDir ? join(serviceDir, "scripts", "bench", "fixtures.ts") : fileURLToPath(import.meta.url);
  running.service = await startService(entry, ["--serve"], { INDEX_PREFIX: prefix, PORT: String(port), BENCH_KEYS_ALIAS: keysAlias }, {
    ...(serviceDir ? { cwd: serviceDir } : {}),
  });
  return { serviceUrl: `http://127.0.0.1:${port}`, key };
}

/** One scenario: checks that service and node agree, warms every target up, then measures them in rotation. */
async function measureScenario(
  scenario: Scenario,
  operations: Record<TargetName, () => Promise<NodeReply>>,
  options: RunOptions,
  meter: TargetCpuMeter,
): Promise<Row> {
  // Both sides answer the same fixtures, or the comparison means nothing.
  const check = await operations.service();
  const serviceIds = (JSON.parse(check.body.toString()) as { fixtures: Array<{ id: number }> }).fixtures.map((f) => f.id);
  const rawCheck = await scenario.raw();
  const rawIds = await scenario.ids(rawCheck);
  if (check.status !== 200 || serviceIds.length === 0 || JSON.stringify(serviceIds) !== JSON.stringify(rawIds)) {
    throw new Error(`${scenario.name}: service and node disagree or find nothing`);
  }
  const attempts = perTargetAttempts(operations);
  const c = options.connections;
  for (const target of TARGET_NAMES) await closedLoopFor(attempts[target], c, options.warmup, [], `warm-up ${target}`);
  const measured = await rotate(options.rounds, meter, (target, latencies) =>
    closedLoopFor(attempts[target], c, options.duration / options.rounds, latencies, `${scenario.name} ${target}`),
  );
  console.log(`${scenario.name} (${serviceIds.length} fixtures; ${(check.body.length / 1024).toFixed(0)} KiB from the service, ${(rawCheck.body.length / 1024).toFixed(0)} KiB from the node)`);
  for (const [label, m] of [["service", measured.service], ["stack", measured.stack], ["floor", measured.floor], ["raw node", measured.raw]] as const) {
    console.log(`  ${pad(label, 9)} ${pad(`${m.rps.toFixed(1)} req/s`, 14)} p50 ${pad(ms(m.p50), 10)} p99 ${pad(ms(m.p99), 10)} (${m.samples} requests)`);
  }
  const { service: sv, stack: st, floor: fl, raw } = measured;
  console.log(`  p50 ratios: service/raw ${(sv.p50 / raw.p50).toFixed(2)}, floor/raw ${(fl.p50 / raw.p50).toFixed(2)}, ` +
    `stack/floor ${(st.p50 / fl.p50).toFixed(2)}, service/stack ${(sv.p50 / st.p50).toFixed(2)}, ` +
    `service/floor ${(sv.p50 / fl.p50).toFixed(2)}; p99 service/raw ${(sv.p99 / raw.p99).toFixed(2)}`);
  console.log(`  ${cpuText(measured)}\n`);
  return { scenario, ...measured, serviceBytes: check.body.length, rawBytes: rawCheck.body.length };
}

/** The load driver's attempts: each target's operation, on the bench's own agent, judged by its status. */
function perTargetAttempts(operations: Record<TargetName, () => Promise<NodeReply>>): Record<TargetName, Attempt> {
  const attempt = (operation: () => Promise<NodeReply>): Attempt => async () => okWhen200(await operation());
  return { service: attempt(operations.service), stack: attempt(operations.stack), floor: attempt(operations.floor), raw: attempt(operations.raw) };
}

function printSummary(rows: readonly Row[]): void {
  console.log(`p50 service/floor, what the stack and our code add to the bare hop (target <= ${TARGET_RATIO}); stack/floor is koa, @koa/router ` +
    "and the Elasticsearch client alone, service/stack our own code; floor/raw is the extra hop with the service's bytes and nothing else:");
  for (const row of rows) {
    const ratio = row.service.p50 / row.floor.p50;
    console.log(`  ${pad(row.scenario.name, 50)} ${ratio.toFixed(2)} ${pad(ratio <= TARGET_RATIO ? "met" : "NOT met", 8)}` +
      ` stack/floor ${(row.stack.p50 / row.floor.p50).toFixed(2)}, service/stack ${(row.service.p50 / row.stack.p50).toFixed(2)},` +
      ` floor/raw ${(row.floor.p50 / row.raw.p50).toFixed(2)}, service/raw ${(row.service.p50 / row.raw.p50).toFixed(2)}`);
    console.log(`    ${cpuText(row)}`);
  }
}

main().catch((error: unknown) => {
  console.error(`bench:fixtures failed: ${(error as Error).message ?? error}`);
  process.exit(1);
});
