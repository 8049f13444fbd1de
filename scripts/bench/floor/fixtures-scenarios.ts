/**
 * bench:fixtures' scenarios on the real data under INDEX_PREFIX (default `sfd`), which it reads
 * and never writes:
 *   1. a date page (25 fixtures) with include=odds,statistics,metrics;
 *   2. a list of 10 fixture ids with include=last_fixtures,trends (a search, then one _msearch);
 *   3. /livescores with include=odds,statistics,metrics.
 * The raw side sends the very requests the service sends for a page it has seen (same
 * builders; ids, versions and the doc-value fields the routes read, src/store/versioned-refs.ts;
 * the msearch built from the search's own hits): a repeated page's fixtures are all in the
 * presented-JSON cache, so no _mget follows.
 *
 * The service is bench/fixtures.ts --serve (the production app, its API keys read from an index
 * of the bench's own, deleted at the end), of this checkout or --service-dir's; BENCH_URL and
 * BENCH_API_KEY measure one already running instead (its CPU is then not read).
 */
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import type { Client, estypes } from "@elastic/elasticsearch";
import { ApiKeyStore } from "../../../src/store/api-key-store.js";
import { pageWindow } from "../../../src/http/page-params.js";
import { dateSelection } from "../../../src/routes/fixtures/date-selection.js";
import { refTarget, TARGET_FIELDS } from "../../../src/reading/last-fixtures.js";
import { buildFixturesSearch } from "../../../src/search/fixture-list/fixtures-query.js";
import { buildLastFixturesSearches } from "../../../src/search/fixture-list/last-fixtures-query.js";
import { buildLivescoresSearch } from "../../../src/search/fixture-list/livescores-query.js";
import { ensureAliasedIndex } from "../../../src/store/ensure-index.js";
import { versionedIndexName, type IndexNames } from "../../../src/store/index-names.js";
import { fixtureIdOf } from "../../../src/store/hit-ids.js";
import { refsOnly } from "../../../src/store/versioned-refs.js";
import { freePort, startService } from "../../lib/service.js";
import { hitIds, type FloorScenario, type ScenarioSet, type ServiceUnderTest } from "./harness.js";
import { replyJson, type NodeReply, type NodeSend } from "./node-send.js";

const PER_PAGE = 25;
const ID_LIST_LENGTH = 10;
const DAY_MS = 86_400_000;
/** (service - stack) CPU ms per request allowed; the id list with its form makes two node round trips and assembles more. */
const CPU_LIMIT_MS = 0.5;
const FORM_CPU_LIMIT_MS = 1.5;

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


/** What the scenarios are about: the day of the date page and the ids of the id list. */
type Picks = { day: string; ids: number[] };

async function pick(es: Client, names: IndexNames): Promise<Picks> {
  const index = names.fixtures;
  const now = new Date();
  return { day: await busiestDay(es, index, now), ids: await recentFinishedIds(es, index, now) };
}

/** The scenarios, their node requests sent with `toNode` (the raw side and the bare floor: bare; the stack floor: the client). */
function scenarios(toNode: NodeSend, node: string, names: IndexNames, { day, ids }: Picks): FloorScenario[] {
  const index = names.fixtures;
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
    const targets = hits.map((hit) => refTarget({ index: hit._index, id: String(fixtureIdOf(hit) ?? ""), version: "", fields: (hit.fields ?? {}) as Record<string, unknown[]> }));
    const { searches = [] } = buildLastFixturesSearches(index, targets);
    const ndjson = searches.map((line, i) => JSON.stringify(i % 2 === 1 ? refsOnly(line as estypes.SearchSearchRequestBody) : line)).join("\n") + "\n";
    const form = await toNode(`${node}/_msearch`, { method: "POST", headers: { "content-type": "application/x-ndjson" }, body: ndjson });
    return form.status === 200 ? { ...page, status: 200 } : form;
  };
  const live = rawSearch(toNode, node, buildLivescoresSearch({ index, sportId: 1, includes: rich }));

  return [
    { name: `date page ${day}, odds+statistics+metrics`, servicePath: `/fixtures?date=${day}&include=odds,statistics,metrics`, raw: datePage, ids: (r) => hitIds(r).slice(0, PER_PAGE), cpuLimitMs: CPU_LIMIT_MS },
    { name: `${ids.length} fixture ids, last_fixtures+trends`, servicePath: `/fixtures?fixture_id=${ids.join(",")}&include=last_fixtures,trends`, raw: idsWithForm, cpuLimitMs: FORM_CPU_LIMIT_MS },
    { name: "livescores, odds+statistics+metrics", servicePath: "/livescores?include=odds,statistics,metrics", raw: live, cpuLimitMs: CPU_LIMIT_MS },
  ];
}

/** --floor: a floor server (see `floor-server.ts`, FLOOR_KIND) for every scenario, on `/floor/<n>`. */

/**
 * BENCH_URL and BENCH_API_KEY when given; else `entry --serve` (of `serviceDir`'s checkout when
 * given) with a key in an api_keys index of its own, deleted at the end.
 */
async function startFixturesService(entry: string, es: Client, prefix: string, serviceDir: string | undefined): Promise<ServiceUnderTest> {
  const url = process.env.BENCH_URL;
  const apiKey = process.env.BENCH_API_KEY;
  if (url && apiKey) return { url, key: apiKey, child: null, release: async () => {} };
  const keysAlias = `bench_fixtures_${randomBytes(4).toString("hex")}_api_keys`;
  const dropKeys = async () => void (await es.indices.delete({ index: versionedIndexName(keysAlias, 1) }, { ignore: [404] }).catch(() => {}));
  try {
    await ensureAliasedIndex(es, "api_keys", keysAlias);
    const key = (await new ApiKeyStore(es, keysAlias).create({ userId: 0, roles: [], label: "bench:fixtures" })).key;
    const port = await freePort();
    const serveEntry = serviceDir ? join(serviceDir, "scripts", "bench", "fixtures.ts") : entry;
    const env = { INDEX_PREFIX: prefix, PORT: String(port), BENCH_KEYS_ALIAS: keysAlias };
    const child = await startService(serveEntry, ["--serve"], env, serviceDir ? { cwd: serviceDir } : {});
    return { url: `http://127.0.0.1:${port}`, key, child, release: async () => void (child.kill("SIGTERM"), await dropKeys()) };
  } catch (error) {
    await dropKeys();
    throw error;
  }
}

async function describeData(es: Client, names: IndexNames): Promise<void> {
  const fixtures = (await es.count({ index: names.fixtures })).count;
  console.log(`${names.fixtures}: ${fixtures.toLocaleString("en")} fixtures.`);
}

/** `entry`: bench/fixtures.ts, the floor children's and the --serve child's entry. */
export function fixturesScenarioSet(entry: string): ScenarioSet<Picks> {
  return {
    entry,
    defaults: { connections: 4, duration: 10, rounds: 5, warmup: 3 },
    defaultPrefix: "sfd",
    describeData,
    pick,
    scenarios,
    startService: (es, prefix, serviceDir) => startFixturesService(entry, es, prefix, serviceDir),
  };
}
