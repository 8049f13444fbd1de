/**
 * Builds the intent category of the entity-search evaluation (test/eval/intent.json) from the
 * hand-written queries of test/eval/intent-queries.txt, resolving each expected team (by its
 * name) or league (by its code) to its id in the real data's indices:
 *
 *   INDEX_PREFIX=sfd npx tsx test/eval/build-intent-set.ts
 *
 * An expected entity the data does not hold stops it: a query without a right answer in the
 * data would measure nothing.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { loadConfig } from "../../src/config.js";
import { createElasticsearchClient } from "../../src/store/client.js";
import { indexNames } from "../../src/store/index-names.js";

type Line = { category: string; type: "team" | "league"; q: string; expected: string };

const SOURCE = "test/eval/intent-queries.txt";
const OUT = "test/eval/intent.json";

function parse(text: string): Line[] {
  return text.split("\n").flatMap((raw, index) => {
    const line = raw.trim();
    if (line.length === 0 || line.startsWith("#")) return [];
    const parts = line.split("|").map((part) => part.trim());
    const [category, type, q, expected] = parts;
    if (parts.length !== 4 || !category || !q || !expected || (type !== "team" && type !== "league")) {
      throw new Error(`${SOURCE}:${index + 1}: expected "category | team|league | query | expected"`);
    }
    return [{ category, type, q, expected }];
  });
}

async function main(): Promise<void> {
  const config = loadConfig();
  const names = indexNames(config.indexPrefix);
  const es = createElasticsearchClient(config.elasticsearch);
  try {
    const load = async (index: string, key: "name" | "code") => {
      const response = await es.search<{ id: number; name: string; code?: string }>({ index, size: 10_000, _source: ["id", "name", "code"] });
      const byKey = new Map<string, { id: number; name: string }>();
      for (const hit of response.hits.hits) {
        const doc = hit._source!;
        const value = key === "name" ? doc.name : doc.code;
        if (value !== undefined) byKey.set(value, { id: doc.id, name: doc.name });
      }
      return byKey;
    };
    const teams = await load(names.teams, "name");
    const leagues = await load(names.leagues, "code");
    const queries = parse(readFileSync(SOURCE, "utf8")).map((line) => {
      const expected = (line.type === "team" ? teams : leagues).get(line.expected);
      if (!expected) throw new Error(`${SOURCE}: "${line.q}": no ${line.type} ${line.expected} in ${config.indexPrefix}_*`);
      return { q: line.q, type: line.type, category: line.category, group: "intent", expected };
    });
    const body = { description: `Entity-search intent queries, built by test/eval/build-intent-set.ts from ${SOURCE}; see its header.`, queries };
    writeFileSync(OUT, `${JSON.stringify(body, null, 1)}\n`);
    console.log(`Wrote ${queries.length} queries to ${OUT}`);
  } finally {
    await es.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
