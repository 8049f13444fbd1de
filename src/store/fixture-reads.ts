import type { Client, estypes } from "@elastic/elasticsearch";
import { readFound } from "./multi-get.js";
import { searchAllSources } from "./search-pages.js";

/**
 * Fixtures by id, keyed by their `id` (`source`: which fields the read keeps). Ids
 * that do not exist are simply missing from the map.
 */
export async function readFixturesById<T extends { id: number }>(
  es: Client,
  index: string,
  ids: readonly number[],
  source: { _source: string[] } | { _source_excludes: string[] },
): Promise<Map<number, T>> {
  const found = await readFound<T>(es, { index, ids: ids.map(String), ...source });
  return new Map(found.map(({ doc }) => [doc.id, doc]));
}

/** The earliest `updated_at` of an index's fixtures (epoch milliseconds), or null when it has none. */
export async function earliestUpdatedAt(es: Client, index: string): Promise<number | null> {
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
