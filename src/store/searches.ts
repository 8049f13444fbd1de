import type { Client, estypes } from "@elastic/elasticsearch";

/** The hits of one search, as built by a builder of search/ (index included). */
export async function searchHits<T>(es: Client, request: estypes.SearchRequest): Promise<Array<estypes.SearchHit<T>>> {
  const response = await es.search<T>(request);
  return response.hits.hits;
}

/** The `_source` of every hit of one search; hits without one are left out. */
export async function searchSources<T>(es: Client, request: estypes.SearchRequest): Promise<T[]> {
  const hits = await searchHits<T>(es, request);
  return hits.flatMap((hit) => (hit._source ? [hit._source] : []));
}

/** How many documents of an index match `query` (all of them without one). */
export async function countDocuments(es: Client, index: string, query?: estypes.QueryDslQueryContainer): Promise<number> {
  const { count } = await es.count({ index, ...(query ? { query } : {}) });
  return count;
}

/** A response's total hits (a number, or `{ value }` as Elasticsearch 7+ answers with track_total_hits). */
export function totalHits(response: Pick<estypes.SearchResponse, "hits">): number {
  const total = response.hits.total;
  return typeof total === "number" ? total : (total?.value ?? 0);
}
