/**
 * `npm run bench:fixtures [-- --connections 4 --duration 10 --warmup 3]`: GET /fixtures and
 * GET /livescores on the real data, each measured through the service and straight against
 * the node with the same concurrency, in one run:
 *   1. a date page (25 fixtures) with include=odds,statistics,metrics;
 *   2. a list of 10 fixture ids with include=last_fixtures,trends (a search, then one _msearch);
 *   3. /livescores with include=odds,statistics,metrics.
 * The raw side sends the very requests the service builds (same builders), the msearch built
 * from the search's own hits, so the ratio is the service's own cost: auth, parsing the
 * packed documents, expanding and presenting them, JSON and the larger response.
 *
 * Reads the data under INDEX_PREFIX (default `sfd`) and writes nothing there: the service
 * runs as a child process (this file with --serve: the production app, with its API keys
 * read from an index of the bench's own, deleted at the end). To measure a service that is
 * already running, set BENCH_URL and BENCH_API_KEY.
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { Agent, createServer as createHttpServer, request } from "node:http";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { Client, estypes } from "@elastic/elasticsearch";
import { createApp } from "../../src/app.js";
import { ApiKeyStore } from "../../src/auth/api-key-store.js";
import { KeyCache } from "../../src/auth/key-cache.js";
import { loadConfig } from "../../src/config.js";
import { freePort, percentile, startService } from "./bench-service.js";
import { createDeps } from "../../src/deps.js";
import type { FixtureDocument } from "../../src/domain/fixture-document.js";
import { dateSelection } from "../../src/search/fixtures/date-selection.js";
import { buildFixturesSearch } from "../../src/search/fixtures/fixtures-query.js";
import { buildLastFixturesSearches } from "../../src/search/fixtures/last-fixtures-query.js";
import { buildLivescoresSearch } from "../../src/search/fixtures/livescores-query.js";
import { pageWindow } from "../../src/search/fixtures/page-window.js";
import { createElasticsearchClient } from "../../src/store/client.js";
import { ensureAliasedIndex } from "../../src/store/ensure-index.js";
import { indexNames, versionedIndexName } from "../../src/store/index-names.js";

const TARGET_RATIO = 1.15;
const PER_PAGE = 25;
const ID_LIST_LENGTH = 10;
const DAY_MS = 86_400_000;

type Measured = { rps: number; p50: number; p99: number; samples: number };
type Reply = { status: number; body: Buffer };
type Scenario = { name: string; servicePath: string; raw: () => Promise<Reply>; ids: (raw: Reply) => Promise<number[]> };

// ---------------------------------------------------------------- HTTP and load

function send(agent: Agent, url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, method: init.method ?? "GET", headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(init.body);
  });
}

/** A closed loop: `connections` workers, each sending its next operation when the last one finished. */
async function load(operation: () => Promise<Reply>, connections: number, seconds: number): Promise<Measured> {
  const latencies: number[] = [];
  const started = performance.now();
  const end = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      const reply = await operation();
      if (reply.status !== 200) throw new Error(`status ${reply.status}: ${reply.body.toString().slice(0, 200)}`);
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / elapsed, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), samples: latencies.length };
}

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

function rawSearch(agent: Agent, node: string, request: estypes.SearchRequest): () => Promise<Reply> {
  // What a client sends: the body, and allow_partial_search_results as the URL parameter it is.
  const { index, allow_partial_search_results, ...body } = request;
  const url = `${node}/${String(index)}/_search?allow_partial_search_results=${String(allow_partial_search_results)}`;
  const text = JSON.stringify(body);
  return () => send(agent, url, { method: "POST", headers: { "content-type": "application/json" }, body: text });
}

function hitIds(reply: Reply): number[] {
  const parsed = JSON.parse(reply.body.toString()) as estypes.SearchResponse<FixtureDocument>;
  return parsed.hits.hits.map((hit) => hit._source!.id);
}

async function scenarios(es: Client, agent: Agent, node: string, index: string): Promise<Scenario[]> {
  const now = new Date();
  const day = await busiestDay(es, index, now);
  const ids = await recentFinishedIds(es, index, now);
  const rich = new Set(["odds", "statistics", "metrics"]);
  const form = new Set(["last_fixtures", "trends"]);

  const datePage = rawSearch(agent, node, buildFixturesSearch({
    index,
    selection: { sportId: 1, dates: dateSelection({ date: day }, now) },
    order: "asc",
    window: pageWindow(1, PER_PAGE),
    includes: rich,
  }));
  const idSearch = rawSearch(agent, node, buildFixturesSearch({
    index,
    selection: { sportId: 1, fixtureIds: ids },
    order: "asc",
    window: pageWindow(1, PER_PAGE),
    includes: form,
  }));
  // The service's two steps: the page, then one _msearch built from its hits.
  const idsWithForm = async (): Promise<Reply> => {
    const page = await idSearch();
    const docs = (JSON.parse(page.body.toString()) as estypes.SearchResponse<FixtureDocument>).hits.hits.map((hit) => hit._source!);
    const targets = docs.map((doc) => ({
      dateTime: doc.date_time,
      homeTeamId: doc.participants.find((p) => p.location === "home")!.id,
      awayTeamId: doc.participants.find((p) => p.location === "away")!.id,
    }));
    const { searches = [] } = buildLastFixturesSearches(index, targets);
    const ndjson = searches.map((line) => JSON.stringify(line)).join("\n") + "\n";
    const form = await send(agent, `${node}/_msearch`, { method: "POST", headers: { "content-type": "application/x-ndjson" }, body: ndjson });
    return form.status === 200 ? { status: 200, body: page.body } : form;
  };
  const live = rawSearch(agent, node, buildLivescoresSearch({ index, sportId: 1, includes: rich }));

  return [
    { name: `date page ${day}, odds+statistics+metrics`, servicePath: `/fixtures?date=${day}&include=odds,statistics,metrics`, raw: datePage, ids: async (r) => hitIds(r).slice(0, PER_PAGE) },
    { name: `${ids.length} fixture ids, last_fixtures+trends`, servicePath: `/fixtures?fixture_id=${ids.join(",")}&include=last_fixtures,trends`, raw: idsWithForm, ids: async (r) => hitIds(r) },
    { name: "livescores, odds+statistics+metrics", servicePath: "/livescores?include=odds,statistics,metrics", raw: live, ids: async (r) => hitIds(r) },
  ];
}

// ---------------------------------------------------------------- report

const ms = (value: number) => `${value.toFixed(1)} ms`;
const pad = (text: string, width: number) => text.padEnd(width);

async function main(): Promise<void> {
  if (process.argv.includes("--serve")) return serve();
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { connections: { type: "string", default: "4" }, duration: { type: "string", default: "10" }, warmup: { type: "string", default: "3" } },
  });
  const connections = Number(values.connections);
  const duration = Number(values.duration);
  const warmup = Number(values.warmup);
  const prefix = process.env.INDEX_PREFIX ?? "sfd";
  const config = loadConfig({ ...process.env, INDEX_PREFIX: prefix });
  const es = createElasticsearchClient(config.elasticsearch);
  const names = indexNames(prefix);
  const node = config.elasticsearch.nodes[0]!;
  const agent = new Agent({ keepAlive: true, maxSockets: connections * 2 });
  const keysAlias = `bench_fixtures_${randomBytes(4).toString("hex")}_api_keys`;
  let service: ChildProcess | undefined;
  let ownKeys = false;
  try {
    const fixtures = (await es.count({ index: names.fixtures })).count;
    console.log(`Machine: ${availableParallelism()} cores. ${names.fixtures}: ${fixtures.toLocaleString("en")} fixtures.`);

    let serviceUrl = process.env.BENCH_URL;
    let key = process.env.BENCH_API_KEY;
    if (!serviceUrl || !key) {
      ownKeys = true;
      await ensureAliasedIndex(es, "api_keys", keysAlias);
      key = (await new ApiKeyStore(es, keysAlias).create({ userId: 0, roles: [], label: "bench:fixtures" })).key;
      const port = await freePort();
      service = await startService(fileURLToPath(import.meta.url), ["--serve"], {
        INDEX_PREFIX: prefix,
        PORT: String(port),
        BENCH_KEYS_ALIAS: keysAlias,
      });
      serviceUrl = `http://127.0.0.1:${port}`;
    }
    console.log(`Service ${serviceUrl}, node ${node}; ${connections} connections, ${warmup} s warm-up + ${duration} s per target.\n`);
    const headers = { "x-api-key": key };

    const rows: Array<{ scenario: Scenario; service: Measured; raw: Measured; serviceBytes: number; rawBytes: number }> = [];
    for (const scenario of await scenarios(es, agent, node, names.fixtures)) {
      const viaService = () => send(agent, serviceUrl + scenario.servicePath, { headers });
      // Both sides answer the same fixtures, or the comparison means nothing.
      const check = await viaService();
      const serviceIds = (JSON.parse(check.body.toString()) as { fixtures: Array<{ id: number }> }).fixtures.map((f) => f.id);
      const rawCheck = await scenario.raw();
      const rawIds = await scenario.ids(rawCheck);
      if (check.status !== 200 || serviceIds.length === 0 || JSON.stringify(serviceIds) !== JSON.stringify(rawIds)) {
        throw new Error(`${scenario.name}: service and node disagree or find nothing`);
      }
      await load(viaService, connections, warmup);
      const measuredService = await load(viaService, connections, duration);
      await load(scenario.raw, connections, warmup);
      const measuredRaw = await load(scenario.raw, connections, duration);
      rows.push({ scenario, service: measuredService, raw: measuredRaw, serviceBytes: check.body.length, rawBytes: rawCheck.body.length });
      console.log(`${scenario.name} (${serviceIds.length} fixtures; ${(check.body.length / 1024).toFixed(0)} KiB from the service, ${(rawCheck.body.length / 1024).toFixed(0)} KiB from the node)`);
      for (const [label, m] of [["service", measuredService], ["raw node", measuredRaw]] as const) {
        console.log(`  ${pad(label, 9)} ${pad(`${m.rps.toFixed(1)} req/s`, 14)} p50 ${pad(ms(m.p50), 10)} p99 ${pad(ms(m.p99), 10)} (${m.samples} requests)`);
      }
      console.log(`  ratio service/raw: p50 ${(measuredService.p50 / measuredRaw.p50).toFixed(2)}, p99 ${(measuredService.p99 / measuredRaw.p99).toFixed(2)}\n`);
    }
    console.log(`Median latency ratio service/raw (target <= ${TARGET_RATIO}):`);
    for (const row of rows) {
      const ratio = row.service.p50 / row.raw.p50;
      console.log(`  ${pad(row.scenario.name, 50)} ${ratio.toFixed(2)} ${ratio <= TARGET_RATIO ? "met" : "NOT met"}`);
    }
  } finally {
    agent.destroy();
    service?.kill();
    if (ownKeys) {
      await es.indices.delete({ index: versionedIndexName(keysAlias, 1) }, { ignore: [404] }).catch(() => {});
    }
    await es.close();
  }
}

main().catch((error: unknown) => {
  console.error(`bench:fixtures failed: ${(error as Error).message ?? error}`);
  process.exit(1);
});
