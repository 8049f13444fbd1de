/**
 * `npm run bench:entity-search [-- --queries 120 --passes 3 --keep --service-dir DIR]`: GET /search
 * latency, p50 and p95, for types=team,league and for all four types, on the real data and on a
 * synthetic set of 20,000 teams, each beside the very _msearch the service sends, straight to the
 * node. Target: service p95 <= 12 ms on the real data, printed PASS or FAIL.
 *
 * `--service-dir DIR`: another checkout (a worktree of an earlier commit, `npm ci && npm run
 * build` done there) measured in the same run: its compiled service and its own _msearch for
 * each query, taken in turn with this checkout's, so both see the same background load.
 * Its plan must read the same indices (an index built for the newer mappings serves both).
 *
 * - Real data: the indices under INDEX_PREFIX (default `sfd`), built with this code's
 *   mappings (`INDEX_PREFIX=evalsearch npm run rebuild -- --source openfootball`).
 * - Synthetic: prefix `benchteams`: a teams index with the real teams plus 20,000 generated
 *   ones (written with the production teamDocument()), and aliases to the real prefix's other
 *   indices. Rebuilt on every run and deleted at the end unless --keep.
 *
 * Queries come from the evaluation set (every category, a fixed sample). One request at a
 * time, as one search box sends them; service and node alternate query by query so both see
 * the same background load. The service runs compiled as a child process with production's
 * flags (scripts/lib/service.ts); requests go one at a time through the load driver's
 * keep-alive agent (scripts/lib/load-driver.ts).
 */
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import type { Client } from "@elastic/elasticsearch";
import { ApiKeyStore } from "../../src/store/api-key-store.js";
import { loadConfig } from "../../src/config.js";
import { Random } from "../../src/domain/football/random.js";
import type { CatalogCountry, CatalogTeam } from "../../src/domain/catalog.js";
import type { IndexedDocument } from "../../src/domain/indexed-document.js";
import { bulkLoad } from "../../src/store/bulk-load.js";
import { teamDocument, teamSearchFields } from "../../src/ingest/documents/reference-documents.js";
import { withoutTruncatedNames } from "../../src/ingest/documents/truncated-names.js";
import { entitySearchPlan, type EntityType } from "../../src/search/entity/search-plan.js";
import { deleteIndicesWithPrefix } from "../../src/store/index-versions.js";
import { createElasticsearchClient } from "../../src/store/client.js";
import { ensurePersistentIndices } from "../../src/store/ensure-index.js";
import { indexDefinition } from "../../src/store/index-definitions.js";
import { mappingGaps } from "../../src/store/mapping-gaps.js";
import { indexNames, VERSIONED_INDICES, type IndexNames } from "../../src/store/index-names.js";
import type { Agent } from "node:http";
import { send } from "../lib/http-send.js";
import { keepAliveAgent, okWhen200, timed, type Attempt } from "../lib/load-driver.js";
import { percentileOf } from "../lib/percentile.js";
import { freePort, serviceEntry, startService } from "../lib/service.js";
import { targetLine } from "../lib/target-line.js";
import { runScript } from "../lib/cli.js";

const SYNTHETIC_PREFIX = "benchteams";
const SYNTHETIC_TEAMS = 20_000;
const TARGET_P95_MS = 12;
const SCENARIOS: ReadonlyArray<{ label: string; types: EntityType[] }> = [
  { label: "team,league", types: ["team", "league"] },
  { label: "all four", types: ["country", "league", "team", "fixture"] },
];

type Row = { data: string; types: string; code: string; service: number[]; raw: number[] };
type PlanFunction = typeof entitySearchPlan;
/** A checkout under test: its label, directory (null: this one) and _msearch plan. */
type Checkout = { label: string; dir: string | null; plan: PlanFunction };

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      queries: { type: "string", default: "120" },
      passes: { type: "string", default: "3" },
      keep: { type: "boolean", default: false },
      "service-dir": { type: "string" },
    },
  });
  const checkouts: Checkout[] = [{ label: "this", dir: null, plan: entitySearchPlan }];
  const serviceDir = values["service-dir"];
  if (serviceDir) checkouts.push(await otherCheckout(serviceDir));
  const prefix = process.env.INDEX_PREFIX ?? "sfd";
  const config = loadConfig({ ...process.env, INDEX_PREFIX: prefix });
  const es = createElasticsearchClient({ ...config.elasticsearch, requestTimeoutMs: 120_000 });
  const real = indexNames(prefix);
  const synthetic = indexNames(SYNTHETIC_PREFIX);
  const node = config.elasticsearch.nodes[0]!;
  const queries = sampleQueries(Number(values.queries));
  const rows: Row[] = [];
  try {
    await checkMappings(es, real);
    const teams = await buildSyntheticTeams(es, real, synthetic);
    console.log(`Machine: ${availableParallelism()} cores. Real data: ${prefix}_*; synthetic: ${SYNTHETIC_PREFIX}_teams with ` +
      `${teams.toLocaleString("en")} teams. ${queries.length} queries x ${values.passes} passes per scenario, one request at a time.\n`);
    for (const [data, names] of [["real", real], [`${(teams / 1000).toFixed(0)}k teams`, synthetic]] as const) {
      rows.push(...(await measure(es, names, node, data, queries, Number(values.passes), checkouts)));
    }
    print(rows);
  } finally {
    if (!values.keep) await dropSynthetic(es);
    await es.close();
  }
}

/** A fixed sample of the evaluation queries, every category in turn. */
function sampleQueries(count: number): string[] {
  const file = JSON.parse(readFileSync("test/eval/entity-search.json", "utf8")) as { queries: Array<{ q: string; category: string }> };
  const byCategory = new Map<string, string[]>();
  for (const query of file.queries) byCategory.set(query.category, [...(byCategory.get(query.category) ?? []), query.q]);
  const lists = [...byCategory.values()];
  const sample: string[] = [];
  for (let i = 0; sample.length < count && i < 1000; i++) {
    for (const list of lists) if (sample.length < count && list[i] !== undefined) sample.push(list[i]!);
  }
  // A few fixture-shaped queries too: both teams with and without a separator.
  return [...sample, "arsenal v chelsea", "bayern munchen - hoffenheim", "sevilla betis", "spurs west ham"];
}

async function checkMappings(es: Client, names: IndexNames): Promise<void> {
  const gaps = await mappingGaps(es, names);
  if (gaps.length > 0) {
    throw new Error(`the data under '${names.prefix}' was built with older mappings (no ${gaps.join(", ")}); rebuild it: INDEX_PREFIX=${names.prefix} npm run rebuild -- --source openfootball`);
  }
}

async function otherCheckout(dir: string): Promise<Checkout> {
  const root = resolve(dir);
  const module = (await import(pathToFileURL(join(root, "src/search/entity/search-plan.ts")).href)) as { entitySearchPlan: PlanFunction };
  return { label: "other", dir: root, plan: module.entitySearchPlan };
}

async function measure(
  es: Client,
  names: IndexNames,
  node: string,
  data: string,
  queries: string[],
  passes: number,
  checkouts: Checkout[],
): Promise<Row[]> {
  await ensurePersistentIndices(es, names);
  const keys = new ApiKeyStore(es, names.api_keys);
  const created = await keys.create({ userId: 0, roles: [], label: "bench:entity-search" });
  const services: ChildProcess[] = [];
  const agent = keepAliveAgent();
  try {
    const urls: string[] = [];
    for (const checkout of checkouts) {
      const port = await freePort();
      const env = { INDEX_PREFIX: names.prefix, PORT: String(port), LOG_LEVEL: "info" };
      const entry = await serviceEntry(checkout.dir ?? undefined);
      services.push(await startService(entry, [], env, checkout.dir ? { cwd: checkout.dir } : {}));
      urls.push(`http://127.0.0.1:${port}`);
    }
    const rows: Row[] = [];
    for (const scenario of SCENARIOS) {
      const runners = checkouts.flatMap((checkout, index) => {
        const row: Row = { data, types: scenario.label, code: checkout.label, service: [], raw: [] };
        rows.push(row);
        const viaService = (q: string): Attempt => async (on) => {
          const params = new URLSearchParams({ q, types: scenario.types.join(",") });
          return okWhen200(await send(on, `${urls[index]}/search?${params}`, { headers: { "x-api-key": created.key } }));
        };
        const direct = (q: string): Attempt => async (on) => {
          const plan = checkout.plan({ q, types: scenario.types, limit: 5, now: new Date() }, names);
          const body = `${plan.searches.map((line) => JSON.stringify(line)).join("\n")}\n`;
          return okWhen200(await send(on, `${node}/_msearch`, { method: "POST", headers: { "content-type": "application/x-ndjson" }, body }));
        };
        return [
          { run: (q: string) => once(agent, viaService(q), `service, ${q}`), samples: row.service },
          { run: (q: string) => once(agent, direct(q), `node, ${q}`), samples: row.raw },
        ];
      });
      for (const q of queries.slice(0, 30)) for (const runner of runners) await runner.run(q); // warm-up: JIT, connections, caches
      for (let pass = 0; pass < passes; pass++) {
        for (const [index, q] of queries.entries()) {
          // Each query's requests in turn, starting one further along each time.
          for (let k = 0; k < runners.length; k++) {
            const runner = runners[(index + pass + k) % runners.length]!;
            runner.samples.push(await runner.run(q));
          }
        }
      }
    }
    return rows;
  } finally {
    agent.destroy();
    for (const service of services) service.kill();
    await keys.revoke(created.record.id).catch(() => {});
  }
}

/** One request at a time (the load driver's closed loop of one), its latency in ms; a failure ends the run. */
async function once(agent: Agent, attempt: Attempt, what: string): Promise<number> {
  const { answer, ms } = await timed(attempt, agent);
  if (answer.outcome !== "ok") throw new Error(`${what}: ${answer.outcome === "failed" ? answer.reason : "shed"}`);
  return ms;
}

function print(rows: Row[]): void {
  const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);
  const withCode = rows.some((row) => row.code !== "this");
  const code = (row: Row | null) => (withCode ? ` ${(row ? row.code : "code").padEnd(9)}` : "");
  console.log(`${"data".padEnd(11)} ${"types".padEnd(12)}${code(null)} ${"service p50".padStart(11)} ${"p95".padStart(9)}   ${"node p50".padStart(9)} ${"p95".padStart(9)}   samples`);
  for (const row of rows) {
    console.log(
      `${row.data.padEnd(11)} ${row.types.padEnd(12)}${code(row)} ${ms(percentileOf(row.service, 0.5)).padStart(11)} ${ms(percentileOf(row.service, 0.95))}   ` +
        `${ms(percentileOf(row.raw, 0.5))} ${ms(percentileOf(row.raw, 0.95))}   ${row.service.length}`,
    );
  }
  const realRows = rows.filter((row) => row.data === "real" && row.code === "this");
  console.log("");
  for (const row of realRows) {
    console.log(targetLine(`service p95, real data, ${row.types}:`, percentileOf(row.service, 0.95), "<=", TARGET_P95_MS, " ms", 1));
  }
}

// ---- The synthetic 20,000-team set ----

/** Builds `benchteams_teams` (real teams + generated ones) and aliases the other indices to the real ones. */
async function buildSyntheticTeams(es: Client, real: IndexNames, synthetic: IndexNames): Promise<number> {
  await dropSynthetic(es);
  const concrete = `${synthetic.teams}-${Date.now()}`;
  const { settings, mappings } = indexDefinition("teams");
  await es.indices.create({ index: concrete, settings: { ...settings, refresh_interval: "-1" }, mappings });
  const countries = await realCountries(es, real);
  // The real teams too: their search fields are indexed only (not in _source), so they are
  // computed again from the stored names, as teamDocument() does.
  type StoredTeam = { id: number; name: string; alternate_names: string[]; names: Record<string, string>; search: { prior?: number } };
  const realTeams = await es.search<StoredTeam>({ index: real.teams, size: 10_000 });
  const documents: IndexedDocument[] = realTeams.hits.hits.map((hit) => {
    const team = hit._source!;
    const search = { ...teamSearchFields([team.name, ...withoutTruncatedNames(team.alternate_names), ...Object.values(team.names)]), prior: team.search.prior ?? 0 };
    return { id: String(team.id), doc: { ...team, search } };
  });
  for (const team of generatedTeams(SYNTHETIC_TEAMS, countries)) {
    documents.push(teamDocument(team, countries.find((country) => country.id === team.country_id)!, []));
  }
  await bulkLoad(es, concrete, documents);
  await es.indices.putSettings({ index: concrete, settings: { refresh_interval: "1s" } });
  await es.indices.refresh({ index: concrete });
  await es.indices.forcemerge({ index: concrete, max_num_segments: 1 });
  const actions = [{ add: { index: concrete, alias: synthetic.teams } }];
  for (const logical of VERSIONED_INDICES.filter((name) => name !== "teams")) {
    const targets = Object.keys(await es.indices.getAlias({ name: real[logical] }));
    for (const index of targets) actions.push({ add: { index, alias: synthetic[logical] } });
  }
  await es.indices.updateAliases({ actions });
  return documents.length;
}

/**
 * Removes the synthetic prefix: the aliases it points at the real data are removed (those
 * indices are not its own), and only indices whose own name starts with the prefix are deleted.
 * A wildcard resolves aliases too, so every name is checked, never trusted.
 */
async function dropSynthetic(es: Client): Promise<void> {
  const mine = (name: string | undefined): name is string => name?.startsWith(`${SYNTHETIC_PREFIX}_`) ?? false;
  const aliases = await es.cat.aliases({ name: `${SYNTHETIC_PREFIX}_*`, format: "json" });
  const borrowed = aliases.flatMap((row) => (mine(row.alias) && row.index && !mine(row.index) ? [{ remove: { index: row.index, alias: row.alias } }] : []));
  if (borrowed.length > 0) await es.indices.updateAliases({ actions: borrowed });
  await deleteIndicesWithPrefix(es, SYNTHETIC_PREFIX);
}

async function realCountries(es: Client, real: IndexNames): Promise<CatalogCountry[]> {
  const response = await es.search<{ id: number; name: string; alpha2: string | null; alpha3: string; names: Record<string, string>; region: { id: number; name: string } }>({
    index: real.countries,
    size: 1_000,
  });
  return response.hits.hits.map((hit) => {
    const doc = hit._source!;
    return { id: doc.id, name: doc.name, alpha2: doc.alpha2, alpha3: doc.alpha3, names: { en: doc.name, ...doc.names }, region: doc.region };
  });
}

const SYLLABLES = [
  "ka", "lo", "ber", "ten", "mar", "vil", "sto", "ran", "del", "gor", "fen", "ash", "bro", "ham", "ford", "ton", "wick", "burg", "heim",
  "dorf", "ville", "ona", "ia", "os", "an", "el", "ri", "sa", "mon", "tor", "lin", "vas", "kir", "nov", "pol", "zar", "ge", "ru", "dan",
  "mü", "ñe", "çe", "ø", "ham", "ley", "by", "thal", "berg", "ola", "ino", "era", "ade", "ost", "wes",
];
const PATTERNS = [
  (city: string) => `FC ${city}`,
  (city: string) => `${city} United`,
  (city: string) => `Real ${city}`,
  (city: string) => `Sporting ${city}`,
  (city: string) => `${city} City`,
  (city: string) => `Athletic ${city}`,
  (city: string) => `Dynamo ${city}`,
  (city: string) => `${city} Rovers`,
  (city: string) => `SC ${city}`,
  (city: string) => `${city} Wanderers`,
  (city: string) => `AS ${city}`,
  (city: string) => `1. FC ${city}`,
];

/** Plausible club names from generated city names: "Real Kaberton", "1. FC Mübergheim", ... */
function generatedTeams(count: number, countries: CatalogCountry[]): CatalogTeam[] {
  const random = new Random("bench:entity-search:teams");
  const seen = new Set<string>();
  const teams: CatalogTeam[] = [];
  while (teams.length < count) {
    const parts = random.int(2, 3);
    let city = "";
    for (let i = 0; i < parts; i++) city += random.pick(SYLLABLES);
    city = city.charAt(0).toUpperCase() + city.slice(1);
    const name = random.pick(PATTERNS)(city);
    if (seen.has(name)) continue;
    seen.add(name);
    const id = 9_000_000_000_000 + teams.length;
    teams.push({
      id,
      name,
      alternate_names: [city, `${city} ${random.pick(["FC", "SC", "AC"])}`],
      names: { en: name },
      short_code: city.normalize("NFKD").replace(/[^A-Za-z]/g, "").slice(0, 3).toUpperCase().padEnd(3, "X"),
      country_id: random.pick(countries).id,
      national_team: false,
      placeholder: false,
    });
  }
  return teams;
}

runScript("bench:entity-search", main);
