import type { Client, estypes } from "@elastic/elasticsearch";
import type { FixtureFamily } from "../domain/fixture/index-family.js";
import type { IndexNames } from "./index-names.js";
import { readFound } from "./multi-get.js";
import { readOneVersioned, readVersioned, type Versioned } from "./versioned-documents.js";
import { searchAllSources } from "./search-pages.js";

/** The two aliases a fixture can be read from by id: the live part and history (src/store/index-names.ts). */
export type FixtureFamilies = Pick<IndexNames, FixtureFamily>;

/** The families in the order a read by id looks in them: the live part's copy wins. */
const LIVE_FIRST: readonly FixtureFamily[] = ["fixtures", "fixtures_history"];

/**
 * Fixtures by id, keyed by their `id` (`source`: which fields the read keeps), from the live part
 * or history in one real-time `_mget`. A fixture is in one of them; while a move copies it into
 * history it is in both, and the live part's copy is the one every read shows until the move's
 * swap (after it, the live part no longer has it). Ids that do not exist are missing from the map.
 */
export async function readFixturesById<T extends { id: number }>(
  es: Client,
  families: FixtureFamilies,
  ids: readonly number[],
  source: { _source: string[] } | { _source_excludes: string[] },
): Promise<Map<number, T>> {
  const docs = ids.flatMap((id) => [families.fixtures, families.fixtures_history].map((index) => ({ _index: index, _id: String(id) })));
  const found = await readFound<T>(es, { docs, ...source });
  const byId = new Map<number, T>();
  for (const { doc } of found) if (!byId.has(doc.id)) byId.set(doc.id, doc);
  return byId;
}

/**
 * Fixtures with their versions for a conditional write, grouped by the family whose alias to write
 * them through (a writer needs the family too: what its index keeps differs, index-family.ts): the
 * live part's, else history's (see `readFixturesById`). A write whose fixture moved in between meets
 * a conflict and reads again (`updateIfUnchanged` counts a vanished one as one).
 */
export async function readVersionedFixtures<T>(
  es: Client,
  families: FixtureFamilies,
  ids: readonly string[],
  source: readonly string[],
): Promise<Map<FixtureFamily, Array<Versioned<T>>>> {
  const byFamily = new Map<FixtureFamily, Array<Versioned<T>>>();
  let rest = [...ids];
  for (const family of LIVE_FIRST) {
    if (rest.length === 0) break;
    const found = await readVersioned<T>(es, families[family], rest, source);
    if (found.length > 0) byFamily.set(family, found);
    const seen = new Set(found.map((one) => one.id));
    rest = rest.filter((id) => !seen.has(id));
  }
  return byFamily;
}

/** One fixture with its version, its family and the alias it is written through (live part, else history), or null. */
export async function readOneFixtureVersioned<T>(
  es: Client,
  families: FixtureFamilies,
  id: string,
  source?: readonly string[],
): Promise<{ family: FixtureFamily; index: string; stored: Versioned<T> } | null> {
  for (const family of LIVE_FIRST) {
    const index = families[family];
    const stored = await readOneVersioned<T>(es, index, id, source);
    if (stored) return { family, index, stored };
  }
  return null;
}

/** The earliest `updated_at` of an index's fixtures (epoch milliseconds), or null when it has none. */
export async function earliestUpdatedAt(es: Client, index: string | string[]): Promise<number | null> {
  const response = await es.search({ index, size: 0, aggs: { generated: { min: { field: "updated_at" } } } });
  const generated = (response.aggregations?.generated as estypes.AggregationsMinAggregate | undefined)?.value;
  return typeof generated === "number" ? generated : null;
}

/** Every fixture of a season (a season may exceed one page), with only `fields`. */
export function readSeasonFixtures<T>(es: Client, fixturesIndex: string, seasonId: number, fields: readonly string[]): Promise<T[]> {
  return searchAllSources<T>(es, {
    index: fixturesIndex,
    _source: [...fields],
    query: { term: { "season.id": seasonId } },
    sort: [{ id: "asc" }],
  });
}
