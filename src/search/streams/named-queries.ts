import type { estypes } from "@elastic/elasticsearch";
import { VERSIONED_HITS } from "../../store/hit-version.js";

/**
 * Many standing questions in one search: each standing query's own filter (built by the polled
 * endpoint's builder) becomes a `should` clause named after the query, and Elasticsearch says
 * on each hit which of them it matches (`matched_queries`). One search answers every query
 * about the same fixtures, so a round's cost follows the fixtures that changed, not the number
 * of distinct queries (docs/streams.md, "How membership is decided"). Nothing here decides
 * what matches: the clauses are the endpoints' own, unchanged.
 */
export type NamedQuery = { name: string; query: estypes.QueryDslQueryContainer };

/**
 * Clauses one search may carry. The node's limit (`indices.query.bool.max_clause_count`,
 * derived from its heap and search threads) is at least 1,024 and counts Lucene's leaf
 * clauses; `clauseWeight` counts every object of the query, which is never fewer.
 */
export const MAX_CLAUSES_PER_SEARCH = 1_000;

/** An upper bound on the leaf clauses of a query: every JSON object in it. */
export function clauseWeight(query: unknown): number {
  if (Array.isArray(query)) return query.reduce((sum: number, item) => sum + clauseWeight(item), 0);
  if (query === null || typeof query !== "object") return 0;
  let weight = 1;
  for (const value of Object.values(query)) weight += clauseWeight(value);
  return weight;
}

/** Splits named queries into groups whose clauses stay within `max` each (a larger query goes alone). */
export function chunkByClauses(named: readonly NamedQuery[], max = MAX_CLAUSES_PER_SEARCH): NamedQuery[][] {
  const chunks: NamedQuery[][] = [];
  let current: NamedQuery[] = [];
  let weight = 0;
  for (const item of named) {
    const own = clauseWeight(item.query) + 1;
    if (current.length > 0 && weight + own > max) {
      chunks.push(current);
      current = [];
      weight = 0;
    }
    current.push(item);
    weight += own;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/**
 * Which of `named` each fixture matches, as ids and versions only (no document): restricted
 * to `ids` (the fixtures that changed), or over the whole index, a page at a time, sorted by
 * id so `search_after` can read on (a membership check of many queries at once).
 */
export function whichMatch(
  index: string,
  named: readonly NamedQuery[],
  options: { ids?: readonly number[]; size: number; after?: estypes.SortResults },
): estypes.SearchRequest {
  const should = named.map(({ name, query }) => ({ bool: { filter: [query], _name: name } }));
  const filter: estypes.QueryDslQueryContainer[] = options.ids ? [{ ids: { values: options.ids.map(String) } }] : [];
  return {
    index,
    query: { bool: { filter, should, minimum_should_match: 1 } },
    _source: false,
    ...VERSIONED_HITS,
    size: options.size,
    sort: [{ id: "asc" }],
    track_total_hits: false,
    allow_partial_search_results: false,
    ...(options.after ? { search_after: options.after } : {}),
  };
}

/** The stored documents of `ids` with the fields `source` keeps: read once per round, whichever queries show them. */
export function documentsById(index: string, ids: readonly number[], source: estypes.SearchSourceConfig | undefined): estypes.SearchRequest {
  return {
    index,
    query: { ids: { values: ids.map(String) } },
    size: ids.length,
    ...VERSIONED_HITS,
    track_total_hits: false,
    allow_partial_search_results: false,
    ...(source === undefined ? {} : { _source: source }),
  };
}
