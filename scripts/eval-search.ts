/**
 * Entity-search quality: runs every query of the evaluation sets (test/eval/entity-search.json,
 * made from the real data by test/eval/generate-eval-set.ts, and test/eval/intent.json, what fans
 * type for famous clubs and competitions, by test/eval/build-intent-set.ts) through the same code as
 * GET /search (one _msearch, then the TypeScript scorer) and prints top-1 and top-3 accuracy
 * per category, and for plain and hard cases.
 *
 *   INDEX_PREFIX=evalsearch npm run eval:search [-- --file test/eval/entity-search.json ...] [--verbose]
 *
 * Fixture queries cannot be fixed in a file (the window moves with the clock): a "fixtures"
 * group is made at run time from the fixtures in the window, with both teams in either order,
 * with and without a separator, and with a slip in one name.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type { Client } from "@elastic/elasticsearch";
import { loadConfig } from "../src/config.js";
import type { FixtureDocument } from "../src/domain/fixture/fixture-document.js";
import { Random } from "../src/domain/football/random.js";
import { fixtureWindowFilter } from "../src/search/entity/candidate-queries.js";
import type { RankedResult } from "../src/search/entity/rank.js";
import { rankEntitySearch } from "../src/search/entity/rank-responses.js";
import { entitySearchPlan, type EntityType } from "../src/search/entity/search-plan.js";
import { createElasticsearchClient } from "../src/store/client.js";
import { indexNames, type IndexNames } from "../src/store/index-names.js";
import { multiSearch } from "../src/store/multi-search.js";
import { fold } from "../src/domain/text/fold.js";
import { coreName } from "../src/domain/text/name-words.js";
import { runScript } from "./lib/cli.js";

type EvalQuery = { q: string; type: EntityType; category: string; group: string; expected: { id: number; name: string } };
type Tally = { total: number; top1: number; top3: number };

const { values: args } = parseArgs({
  options: {
    file: { type: "string", multiple: true, default: ["test/eval/entity-search.json", "test/eval/intent.json"] },
    verbose: { type: "boolean", default: false },
  },
});

async function main(): Promise<void> {
  const config = loadConfig();
  const indices = indexNames(config.indexPrefix);
  const es = createElasticsearchClient(config.elasticsearch);
  try {
    const files = args.file.map((path) => JSON.parse(readFileSync(path, "utf8")) as { queries: EvalQuery[] });
    const queries = [...files.flatMap((file) => file.queries), ...(await fixtureQueries(es, indices))];
    const tallies = new Map<string, Tally>();
    const misses: string[] = [];
    const started = performance.now();
    for (const query of queries) {
      const input = { q: query.q, types: [query.type], limit: 3, now: new Date() };
      const plan = entitySearchPlan(input, indices);
      const result = rankEntitySearch(input, plan, await multiSearch(es, { searches: plan.searches }));
      const ids = idsOf(result, query.type);
      const rank = ids.indexOf(query.expected.id);
      for (const key of keysOf(query)) {
        const tally = tallies.get(key) ?? { total: 0, top1: 0, top3: 0 };
        tally.total++;
        if (rank === 0) tally.top1++;
        if (rank >= 0 && rank < 3) tally.top3++;
        tallies.set(key, tally);
      }
      if (rank !== 0) misses.push(`${query.category.padEnd(22)} ${JSON.stringify(query.q).padEnd(40)} expected ${query.expected.name} (rank ${rank < 0 ? "-" : rank + 1})`);
    }
    const seconds = (performance.now() - started) / 1000;
    print(tallies);
    console.log(`\n${queries.length} queries against ${config.indexPrefix}_* in ${seconds.toFixed(1)} s (${((seconds * 1000) / queries.length).toFixed(1)} ms each, sequential).`);
    if (args.verbose) console.log(`\nNot first:\n${misses.join("\n")}`);
  } finally {
    await es.close();
  }
}

/** Each query counts for its category, its group, and (teams) the plain/hard totals. */
function keysOf(query: EvalQuery): string[] {
  const keys = [`category ${query.category}`, `all`];
  if (query.type === "team") keys.push(`TEAMS ${query.group}`);
  keys.push(`ALL ${query.group === "fixtures" ? "fixtures" : query.group}`);
  return keys;
}

function idsOf(result: RankedResult, type: EntityType): number[] {
  if (type === "country") return (result.countries ?? []).map((entry) => entry.item.id);
  if (type === "league") return (result.leagues ?? []).map((entry) => entry.item.id);
  if (type === "team") return (result.teams ?? []).map((entry) => entry.item.id);
  return (result.fixtures ?? []).map((entry) => entry.item.id);
}

function print(tallies: Map<string, Tally>): void {
  console.log(`${"".padEnd(34)} ${"n".padStart(5)} ${"top-1".padStart(7)} ${"top-3".padStart(7)}`);
  const sorted = [...tallies.entries()].sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b));
  for (const [key, tally] of sorted) {
    const pct = (count: number) => `${((100 * count) / tally.total).toFixed(1)}%`.padStart(7);
    console.log(`${key.padEnd(34)} ${String(tally.total).padStart(5)} ${pct(tally.top1)} ${pct(tally.top3)}`);
  }
}

function order(key: string): number {
  return key.startsWith("category") ? 0 : key.startsWith("TEAMS") ? 1 : key.startsWith("ALL") ? 2 : 3;
}

/** Fixture queries from the fixtures in the window now: both teams, either order, a slip in one. */
async function fixtureQueries(es: Client, indices: IndexNames): Promise<EvalQuery[]> {
  const response = await es.search<FixtureDocument>({
    index: indices.fixtures,
    query: { bool: { filter: fixtureWindowFilter(new Date()) } },
    size: 60,
    sort: [{ date_time: "asc" }, { id: "asc" }],
    _source: ["id", "participants"],
  });
  const queries: EvalQuery[] = [];
  for (const hit of response.hits.hits) {
    const doc = hit._source!;
    const [home, away] = [doc.participants[0]!.name, doc.participants[1]!.name];
    const random = new Random(`fixture-eval:${doc.id}`);
    const short = (name: string) => coreName(fold(name)) ?? fold(name);
    const slip = (text: string) => {
      if (text.length < 4) return text;
      const at = random.int(1, text.length - 2);
      return text.slice(0, at) + text[at + 1] + text[at] + text.slice(at + 2);
    };
    const expected = { id: doc.id, name: `${home} - ${away}` };
    const variants: Array<[string, string]> = [
      ["fixture_vs", `${home} vs ${away}`],
      ["fixture_reversed", `${short(away)} ${short(home)}`],
      ["fixture_dash_slip", `${slip(short(home))} - ${short(away)}`],
    ];
    for (const [category, q] of variants) queries.push({ q: q.slice(0, 100), type: "fixture", category, group: "fixtures", expected });
  }
  return queries;
}

runScript("eval:search", main);
